import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The engine's layers, lowest first. A layer imports only layers below it (docs/architecture.md); APIs import the
 * engine through its index alone. Type imports count: a cycle closed by `import type` is still one to read through.
 */
const LAYERS = ['declare', 'document', 'sql', 'store', 'service', 'http'] as const;
const RESOURCE = '^src/platform/resource/';

function upwardImportRules(): IForbiddenRuleType[] {
  return LAYERS.slice(0, -1).map((layer, index) => ({
    name: `${layer}-imports-above`,
    severity: 'error',
    comment: `${layer} may import only ${LAYERS.slice(0, index).join(', ') || 'nothing of the engine'}`,
    from: { path: `${RESOURCE}${layer}/` },
    to: { path: `${RESOURCE}(${LAYERS.slice(index + 1).join('|')}|index\\.ts)` },
  }));
}

const RULES: IForbiddenRuleType[] = [
  { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ...upwardImportRules(),
  {
    name: 'api-imports-engine-internals',
    severity: 'error',
    comment: 'an API imports the engine through src/platform/resource/index.ts',
    from: { path: '^src/apis/' },
    to: { path: `${RESOURCE}(?!index\\.ts$)` },
  },
  {
    name: 'platform-imports-engine-index',
    severity: 'error',
    comment: 'the rest of the platform sits beside the engine, not above it: it imports the layer file it needs',
    from: { path: '^src/platform/', pathNot: RESOURCE },
    to: { path: `${RESOURCE}index\\.ts$` },
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

  it('never go from an engine layer to one above it', () => {
    expect(violations(result).filter((line) => line.includes('-imports-above'))).toEqual([]);
  });

  it('reach the engine from an API through its index only, and from the platform never through it', () => {
    expect(violations(result).filter((line) => /^(api|platform)-imports-engine/.test(line))).toEqual([]);
  });

  it('cover every layer folder and every API module', () => {
    const modules = result.modules.map((module) => module.source);
    for (const layer of LAYERS)
      expect(modules.some((source) => source.startsWith(`src/platform/resource/${layer}/`))).toBe(true);
    expect(
      modules.filter((source) => /^src\/apis\/[^/]+\/[^/]+\.module\.ts$/.test(source)).length,
    ).toBeGreaterThanOrEqual(8);
  });
});
