import { describe, expect, it } from 'vitest';
import { productResource } from '../../../src/apis/catalog/product.resource.js';
import { apiModules } from '../../../src/apis/index.js';
import type { Database } from '../../../src/platform/db/database.js';
import { listMigrations, migrate } from '../../../src/platform/db/migrate.js';
import { filterKeysOf } from '../../../src/platform/resource/sql/filter-keys.js';
import { pendingStorage, storageStatements } from '../../../src/platform/resource/sql/storage-ddl.js';
import { migratedDatabase } from '../../support/migrated-database.js';

/**
 * Migration 0014 (generated) creates the storage the start-up created before issue 24. Deployments whose start-up
 * made it already take it too: checked by holding 0014 back (and the migrations after it, which such a deployment has
 * not taken either and which may build on 0014's tables), making the storage as the start-up did, then migrating.
 */
const VERSION = '0014_declared_storage';
const HELD_BACK = listMigrations()
  .map((migration) => migration.version)
  .filter((version) => version >= VERSION);
const declared = apiModules.flatMap((module) => module.kinds);
const DOC = { id: 'p1', status: 'ENABLED', sellingStores: ['s1'], physical: true };

/** A database at 0013 whose start-up made every kind's storage and stored a product with sentinel keys. */
async function startedBeforeIssue24(keysMadeFrom?: string) {
  const old = await migratedDatabase(async (db: Database) => {
    await db.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const version of HELD_BACK) await db.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
  });
  // That start-up made tables, columns and indexes; the kinds' triggers came with migration 0025 (and its function).
  const madeThen = declared
    .flatMap(storageStatements)
    .filter((statement) => !/^CREATE OR REPLACE TRIGGER/.test(statement));
  for (const statement of madeThen) await old.db.query(statement);
  await old.db.query(
    `INSERT INTO products (id, create_date, update_date, doc, filter_keys) VALUES ('p1', now(), now(), $1::jsonb, '{sentinel}')`,
    [JSON.stringify(DOC)],
  );
  // COMMENT takes no parameters; the text is the test's own.
  if (keysMadeFrom) await old.db.query(`COMMENT ON COLUMN products.filter_keys IS '${keysMadeFrom}'`);
  await old.db.query('DELETE FROM schema_migrations WHERE version = ANY($1::text[])', [HELD_BACK]);
  return old;
}

const storedKeys = async (db: Database) =>
  (await db.query<{ filter_keys: string[] }>(`SELECT filter_keys FROM products WHERE id = 'p1'`)).rows[0]!.filter_keys;

describe('migration 0014_declared_storage', () => {
  it("migrates a database whose start-up made the kinds' storage, leaving its rows and their keys untouched", async () => {
    const old = await startedBeforeIssue24();
    try {
      expect(await migrate(old.db, old.schema)).toEqual(HELD_BACK);
      expect(await storedKeys(old.db)).toEqual(['sentinel']);
      expect(await pendingStorage(old.db, declared)).toEqual([]);
    } finally {
      await old.drop();
    }
  });

  it('recomputes the keys of a table whose keys were made from other declarations, as the engine computes them', async () => {
    const old = await startedBeforeIssue24('from older declarations');
    try {
      expect(await migrate(old.db, old.schema)).toEqual(HELD_BACK);
      expect([...(await storedKeys(old.db))].sort()).toEqual(filterKeysOf(productResource.filters, null, DOC).sort());
      expect(await pendingStorage(old.db, declared)).toEqual([]);
    } finally {
      await old.drop();
    }
  });
});
