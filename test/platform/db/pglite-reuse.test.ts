import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { openPgliteDatabase } from '../../../src/platform/db/pglite-database.js';
import { MemoryClusters } from '../../../src/platform/db/pglite-reuse.js';

const rows = async (pg: PGlite, sql: string) => (await pg.query(sql)).rows;
const userSchemas = async (pg: PGlite) =>
  (
    await pg.query<{ name: string }>(
      `SELECT nspname AS name FROM pg_namespace WHERE nspname <> 'information_schema' AND nspname NOT LIKE 'pg\\_%' ORDER BY 1`,
    )
  ).rows.map((r) => r.name);

/** Work that leaves traces wherever a test could: tables, rows, another schema, a sequence, session settings, a prepared statement. */
async function use(pg: PGlite): Promise<void> {
  await pg.exec(`CREATE TABLE things (id serial PRIMARY KEY, name text);
    INSERT INTO things (name) VALUES ('a'), ('b');
    CREATE SCHEMA other;
    CREATE TABLE other.more (id int);
    SET search_path TO other, public;
    PREPARE ask AS SELECT 1;`);
}

describe('in-memory clusters handed on within a process (the tests reuse them)', () => {
  it('hands the next taker the same cluster as a fresh one: no schema, table, row, setting or prepared statement left', async () => {
    const clusters = new MemoryClusters();
    const first = await clusters.take();
    await use(first);
    await clusters.release(first);
    const next = await clusters.take();
    try {
      expect(next).toBe(first);
      expect(await userSchemas(next)).toEqual(['public']);
      expect(
        await rows(next, `SELECT count(*)::int AS n FROM pg_class WHERE relnamespace = 'public'::regnamespace`),
      ).toEqual([{ n: 0 }]);
      expect(await rows(next, `SELECT current_setting('search_path') AS path`)).toEqual([{ path: 'public' }]);
      expect(await rows(next, 'SELECT count(*)::int AS n FROM pg_prepared_statements')).toEqual([{ n: 0 }]);
      expect(
        await rows(
          next,
          `SELECT nspowner::regrole::text AS owner, nspacl::text AS acl FROM pg_namespace WHERE nspname = 'public'`,
        ),
      ).toEqual([{ owner: 'pg_database_owner', acl: '{pg_database_owner=UC/pg_database_owner,=U/pg_database_owner}' }]);
    } finally {
      await next.close();
    }
  });

  it('closes, instead of handing on, a cluster whose reset leaves the catalogue changed (a role made)', async () => {
    const clusters = new MemoryClusters();
    const first = await clusters.take();
    await first.exec('CREATE ROLE left_behind');
    await clusters.release(first);
    expect(first.closed).toBe(true);
    const next = await clusters.take();
    try {
      expect(next).not.toBe(first);
      expect(await rows(next, `SELECT count(*)::int AS n FROM pg_roles WHERE rolname = 'left_behind'`)).toEqual([
        { n: 0 },
      ]);
    } finally {
      await next.close();
    }
  });

  it('closes a cluster after its last allowed use, and keeps no more than the idle limit', async () => {
    const clusters = new MemoryClusters({ maxUses: 2, maxIdle: 1 });
    const [a, b] = [await clusters.take(), await clusters.take()];
    await clusters.release(a);
    await clusters.release(b);
    expect([a.closed, b.closed]).toEqual([false, true]);
    expect(await clusters.take()).toBe(a);
    await clusters.release(a);
    expect(a.closed).toBe(true);
  });
});

describe('an in-memory database once closed', () => {
  it('refuses queries and transactions, as a closed PGlite does (its cluster may serve another app by then)', async () => {
    const db = await openPgliteDatabase(undefined, 'public', (error) => {
      throw error;
    });
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow('the database is closed');
    await expect(db.transaction((tx) => tx.query('SELECT 1'))).rejects.toThrow('the database is closed');
  });
});
