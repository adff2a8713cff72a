import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importClosure, importsOf } from '../support/import-closure.js';

/**
 * The engine's faces (docs/architecture.md, "Faces"): what each brings with it, walked through the real imports
 * (type imports included), stays under its budget; only the app's wiring imports the serving face.
 */
const FACES = {
  'src/platform/resource/declare.ts': { files: 15, lines: 1400 },
  'src/platform/resource/shapes.ts': { files: 20, lines: 1800 },
  'src/platform/resource/documents.ts': { files: 8, lines: 850 },
  'src/platform/resource/repository-sql.ts': { files: 18, lines: 2150 },
} as const;
const SERVING_FACE = 'src/platform/resource/index.ts';
const WIRING = /^src\/([^/]+\.ts|apis\/[^/]+\.ts|apis\/[^/]+\/[^/]+\.module\.ts)$/;
/** A kind's declaration: its data, its resource (hooks and actions with it) and its views. */
const DECLARATION = /^src\/apis\/.+\.(kind|resource|view)\.ts$/;

function sourceFiles(dir = 'src'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(`${dir}/${entry.name}`)
      : entry.name.endsWith('.ts')
        ? [`${dir}/${entry.name}`]
        : [],
  );
}

describe("the engine's faces", () => {
  for (const [face, budget] of Object.entries(FACES))
    it(`${face} brings at most ${budget.files} files and ${budget.lines} lines`, () => {
      const { files, lines } = importClosure(face);
      expect({ files: files.length <= budget.files, lines: lines <= budget.lines }).toEqual({
        files: true,
        lines: true,
      });
      expect(files).not.toContain(SERVING_FACE);
    });

  it('serving (resource/index.ts) is imported only by the wiring in src', () => {
    const importers = sourceFiles().filter((file) => importsOf(file).includes(SERVING_FACE));
    expect(importers.length).toBeGreaterThan(0);
    expect(importers.filter((file) => !WIRING.test(file))).toEqual([]);
  });

  it("a kind's declaration imports the engine through the declaring face only", () => {
    const declarations = sourceFiles().filter((file) => DECLARATION.test(file));
    expect(declarations.length).toBeGreaterThan(10);
    const engineImports = declarations.flatMap((file) =>
      importsOf(file)
        .filter((imported) => imported.startsWith('src/platform/resource/'))
        .filter((imported) => imported !== 'src/platform/resource/declare.ts')
        .map((imported) => `${file} -> ${imported}`),
    );
    expect(engineImports).toEqual([]);
  });
});
