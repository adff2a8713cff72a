import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sqlSnapshot } from '../../../src/platform/resource/sql/sql-snapshot.js';
import { useEngineApp } from './engine-test-app.js';
import { testKinds } from './widget.resource.js';

const ctx = await useEngineApp(testKinds);
const DIR = new URL('../../../docs/sql/', import.meta.url);

describe('SQL snapshots (docs/sql)', () => {
  it('hold exactly the SQL the engine generates for every declared kind; run `npm run sql:snapshots` after changing it', () => {
    const definitions = ctx.t.built.services.definitions();
    for (const definition of definitions) {
      const file = new URL(`${definition.name}.md`, DIR);
      expect(
        readFileSync(file, 'utf8'),
        `docs/sql/${definition.name}.md is out of date: run npm run sql:snapshots`,
      ).toBe(sqlSnapshot(definition));
    }
    const declared = definitions.map((definition) => `${definition.name}.md`).sort();
    expect(
      readdirSync(DIR)
        .filter((file) => file.endsWith('.md'))
        .sort(),
      'docs/sql holds a file for a kind no longer declared',
    ).toEqual(declared);
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
