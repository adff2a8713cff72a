import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectedSnapshots, snapshotsOnDisk } from '../../../scripts/sql-snapshot-files.js';
import { useEngineApp } from './engine-test-app.js';
import { testKinds } from './widget.resource.js';

const ctx = await useEngineApp(testKinds);

describe('SQL snapshots (docs/sql, docs/sql/repositories, and the test kinds beside their tests)', () => {
  it('hold exactly the SQL the engine generates for every declared kind and every repository holds; run `npm run sql:snapshots` after changing it', () => {
    const expected = expectedSnapshots(
      ctx.t.built.services.definitions(),
      testKinds.resources.map((resource) => resource.name),
    );
    for (const [file, content] of expected)
      expect(readFileSync(file, 'utf8'), `${file} is out of date: run npm run sql:snapshots`).toBe(content);
    expect(
      snapshotsOnDisk(),
      'a snapshot whose kind or repository is gone, or one not written yet: run npm run sql:snapshots',
    ).toEqual([...expected.keys()].sort());
  });

  it('name an index for every declared filter, and the storage each feature needs exists in the database', async () => {
    const { rows } = await ctx.t.built.db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema()`,
    );
    const existing = new Set(rows.map((row) => row.name));
    for (const definition of ctx.t.built.services.definitions()) {
      expect(existing.has(`${definition.table}_doc_idx`), `${definition.table}_doc_idx`).toBe(true);
      if (definition.history) expect(existing.has(`${definition.table}_history`)).toBe(true);
      if (definition.search) expect(existing.has(`${definition.table}_search_idx`)).toBe(true);
    }
  });
});
