import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** What a file brings with it: every file of the project its imports reach, type imports included, and their lines. */
export interface ImportClosure {
  files: string[];
  lines: number;
}

const ROOT = resolve(import.meta.dirname, '../..');

/** The project's files a file imports (relative specifiers only: packages are not the project's to count). */
export function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolveSpecifier(file, specifier));
}

function resolveSpecifier(from: string, specifier: string): string {
  const target = join(dirname(from), specifier);
  const candidates = [target.replace(/\.js$/, '.ts'), target, `${target}.ts`, join(target, 'index.ts')];
  const found = candidates.find((candidate) => existsSync(join(ROOT, candidate)));
  if (!found) throw new Error(`${from} imports ${specifier}, which is no file`);
  return relative(ROOT, join(ROOT, found));
}

/** The file itself and every file its imports reach, walked through the real import statements. */
export function importClosure(file: string): ImportClosure {
  const seen = new Set<string>();
  const pending = [file];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    pending.push(...importsOf(next));
  }
  const files = [...seen].sort();
  const lines = files.reduce((sum, each) => sum + readFileSync(join(ROOT, each), 'utf8').split('\n').length - 1, 0);
  return { files, lines };
}
