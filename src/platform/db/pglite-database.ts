import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult } from './database.js';

function wrap(result: { rows: unknown[]; affectedRows?: number }): QueryResult<never> {
  return { rows: result.rows as never[], rowCount: result.affectedRows ?? result.rows.length };
}

/** Embedded PostgreSQL (WASM): in memory for tests, or a directory under DATA_DIR. */
export async function openPgliteDatabase(dataDir: string | undefined, schema: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir);
  await pg.exec(`CREATE SCHEMA IF NOT EXISTS "${schema}"; SET search_path TO "${schema}"`);
  return {
    kind: 'pglite',
    async query(sql, params) {
      return wrap(await pg.query(sql, params));
    },
    transaction(work) {
      return pg.transaction(async (tx) => {
        const scoped: Queryable = { query: async (sql, params) => wrap(await tx.query(sql, params)) };
        return work(scoped);
      });
    },
    async close() {
      await pg.close();
    },
  };
}
