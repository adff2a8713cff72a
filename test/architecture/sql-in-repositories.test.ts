import { describe, expect, it } from 'vitest';
import { isRepository, sourceFiles, sqlLiterals } from '../../scripts/repository-sql.js';

describe('hand-written SQL under src/apis', () => {
  it('lives in repositories (`*.repository.ts`) only, where its snapshot shows it', () => {
    const outside = sourceFiles()
      .filter((file) => !isRepository(file))
      .flatMap((file) => sqlLiterals(file).map((literal) => `${file}:${literal.line} (${literal.owner})`));
    expect(
      outside,
      'SQL outside a repository: move it into <api>/<name>.repository.ts, then npm run sql:snapshots',
    ).toEqual([]);
  });

  it('is recognised in a template, a string and a condition, and prose is not taken for it', () => {
    const source = [
      `const a = \`SELECT id FROM \${table} WHERE x = $1\`;`,
      "const b = 'UPDATE things SET a = $1';",
      "const c = \"doc->>'status' IN ('QUEUED')\";",
      "const d = 'Select a product from the list, then update it';",
      "const e = 'DELETE /products/{id} answers 204';",
    ].join('\n');
    expect(sqlLiterals('example.ts', source).map((literal) => literal.owner)).toEqual(['a', 'b', 'c']);
  });
});
