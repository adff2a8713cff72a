import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Every file of src in one layer, lowest first (docs/architecture.md, "The layers"): a file imports only its own layer
 * and those below it. Type imports count: a cycle closed by `import type` is still one to read through.
 */
const LAYERS = [
  ['ground', '^src/platform/[^/]+\\.ts$'],
  ['outbound', '^src/platform/outbound/'],
  ['config', '^src/config\\.ts$'],
  ['errors', '^src/platform/errors/'],
  ['metrics', '^src/platform/metrics/'],
  ['crypto', '^src/platform/crypto/'],
  ['auth', '^src/platform/auth/'],
  ['db', '^src/platform/db/'],
  ['jobs', '^src/platform/jobs/'],
  ['sandbox', '^src/platform/sandbox/'],
  ['events', '^src/platform/events/'],
  ['http', '^src/platform/http/'],
  ['engine declare', '^src/platform/resource/declare/'],
  ['engine document', '^src/platform/resource/document/'],
  ['engine sql', '^src/platform/resource/sql/'],
  ['engine store', '^src/platform/resource/store/'],
  ['engine service', '^src/platform/resource/service/'],
  ['engine http', '^src/platform/resource/http/'],
  ['engine faces', '^src/platform/resource/[^/]+\\.ts$'],
  ['apis', '^src/apis/'],
  ['wiring', '^src/(?!config\\.ts$)[^/]+\\.ts$'],
] as const;
const ENGINE_FACES = '^src/platform/resource/[^/]+\\.ts$';

function upwardImportRules(): IForbiddenRuleType[] {
  return LAYERS.slice(0, -1).map(([layer, path], index) => ({
    name: `${layer}-imports-above`,
    severity: 'error',
    comment: `${layer} may import only ${LAYERS.slice(0, index + 1)
      .map(([below]) => below)
      .join(', ')}`,
    from: { path },
    to: { path: LAYERS.slice(index + 1).map(([, above]) => `(${above})`) },
  }));
}

const RULES: IForbiddenRuleType[] = [
  { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ...upwardImportRules(),
  {
    name: 'api-imports-engine-internals',
    severity: 'error',
    comment: 'an API imports the engine through its faces (src/platform/resource/*.ts) only',
    from: { path: '^src/apis/' },
    to: { path: '^src/platform/resource/', pathNot: ENGINE_FACES },
  },
];

function violations(result: ICruiseResult): string[] {
  return result.summary.violations.map((violation) =>
    violation.cycle?.length
      ? `${violation.rule.name}: ${[violation.from, ...violation.cycle.map((step) => step.name)].join(' -> ')}`
      : `${violation.rule.name}: ${violation.from} -> ${violation.to}`,
  );
}

describe('imports of src', () => {
  let result: ICruiseResult;
  beforeAll(async () => {
    const cruised = await cruise(['src'], {
      ruleSet: { forbidden: RULES },
      tsPreCompilationDeps: true,
      tsConfig: { fileName: 'tsconfig.json' },
      doNotFollow: { path: 'node_modules' },
      exclude: { path: 'node_modules' },
      validate: true,
    });
    result = cruised.output as ICruiseResult;
  }, 120_000);

  it('form no cycle, type imports included', () => {
    expect(violations(result).filter((line) => line.startsWith('no-circular'))).toEqual([]);
  });

  it('never go from a layer to one above it', () => {
    expect(violations(result).filter((line) => line.includes('-imports-above'))).toEqual([]);
  });

  it('reach the engine from an API through its faces only', () => {
    expect(violations(result).filter((line) => line.startsWith('api-imports-engine'))).toEqual([]);
  });

  it('place every file of src in exactly one layer, and find files in every layer and every API module', () => {
    const modules = result.modules.map((module) => module.source).filter((source) => source.startsWith('src/'));
    const layersOf = (source: string) => LAYERS.filter(([, path]) => new RegExp(path).test(source));
    expect(modules.filter((source) => layersOf(source).length !== 1)).toEqual([]);
    for (const [, path] of LAYERS) expect(modules.some((source) => new RegExp(path).test(source))).toBe(true);
    expect(
      modules.filter((source) => /^src\/apis\/[^/]+\/[^/]+\.module\.ts$/.test(source)).length,
    ).toBeGreaterThanOrEqual(8);
  });
});
