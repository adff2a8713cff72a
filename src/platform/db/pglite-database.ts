import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import {
  type CallbackErrorReporter,
  CommitCallbacks,
  type Database,
  type QueryResult,
  type Transaction,
} from './database.js';
import { releaseMemoryPglite, takeMemoryPglite } from './pglite-reuse.js';

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
  const pg = dataDir ? await PGlite.create(dataDir) : await takeMemoryPglite();
  await pg.exec(`CREATE SCHEMA IF NOT EXISTS "${schema}"; SET search_path TO "${schema}"`);
  // Once closed, nothing reaches `pg` any more: an in-memory one may be serving another app by then (pglite-reuse.ts).
  let closed = false;
  const running = new Set<Promise<unknown>>();
  function use<T>(work: () => Promise<T>): Promise<T> {
    if (closed) return Promise.reject(new Error('the database is closed'));
    const promise = work();
    running.add(promise);
    const done = () => running.delete(promise);
    promise.then(done, done);
    return promise;
  }
  return {
    kind: 'pglite',
    query: (sql, params) => use(async () => wrap(await pg.query(sql, params))),
    transaction: (work) =>
      use(async () => {
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
      }),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...running]);
      if (dataDir) await pg.close();
      else await releaseMemoryPglite(pg);
    },
  };
}
