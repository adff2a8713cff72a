import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import {
  type CallbackErrorReporter,
  CommitCallbacks,
  type Database,
  type QueryResult,
  type Transaction,
} from './database.js';
import { newMemoryPglite } from './pglite-image.js';

function wrap(result: { rows: unknown[]; affectedRows?: number }): QueryResult<never> {
  return { rows: result.rows as never[], rowCount: result.affectedRows ?? result.rows.length };
}

/** Embedded PostgreSQL (WASM): in memory for tests, or a directory under DATA_DIR. */
export async function openPgliteDatabase(
  dataDir: string | undefined,
  schema: string,
  onCallbackError: CallbackErrorReporter,
): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = dataDir ? await PGlite.create(dataDir) : await newMemoryPglite();
  await pg.exec(`CREATE SCHEMA IF NOT EXISTS "${schema}"; SET search_path TO "${schema}"`);
  return {
    kind: 'pglite',
    async query(sql, params) {
      return wrap(await pg.query(sql, params));
    },
    async transaction(work) {
      const callbacks = new CommitCallbacks();
      const value = await pg.transaction(async (tx) => {
        const scoped: Transaction = {
          query: async (sql, params) => wrap(await tx.query(sql, params)),
          afterCommit: (callback) => callbacks.add(callback),
        };
        return work(scoped);
      });
      callbacks.run(onCallbackError);
      return value;
    },
    async close() {
      await pg.close();
    },
  };
}
