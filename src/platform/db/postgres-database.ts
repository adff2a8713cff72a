import pg from 'pg';
import { checkSearchPath } from './search-path-check.js';
import { CommitCallbacks, type CallbackErrorReporter, type Database, type QueryResult, type Transaction } from './database.js';

// int8 (counts, sums) come back as JavaScript numbers, as PGlite returns them.
pg.types.setTypeParser(20, (value) => Number(value));

export const POOL_SIZE = 10;

function wrap(result: pg.QueryResult): QueryResult<never> {
  return { rows: result.rows as never[], rowCount: result.rowCount ?? result.rows.length };
}

/** `CREATE SCHEMA IF NOT EXISTS` is not safe against a concurrent twin; a transaction-scoped lock serialises it. */
async function createSchema(pool: pg.Pool, schema: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`schema:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** A PostgreSQL server through a `pg` pool; every connection uses `schema`. */
export async function openPostgresDatabase(url: string, schema: string, onCallbackError: CallbackErrorReporter): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, options: `-c search_path="${schema}"` });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  try {
    await createSchema(pool, schema);
    await checkSearchPath({ query: async (sql, params) => wrap(await pool.query(sql, params)) }, schema);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    kind: 'postgres',
    async query(sql, params) {
      return wrap(await pool.query(sql, params as unknown[]));
    },
    async transaction(work) {
      const client = await pool.connect();
      const callbacks = new CommitCallbacks();
      let value: Awaited<ReturnType<typeof work>>;
      try {
        await client.query('BEGIN');
        const scoped: Transaction = { query: async (sql, params) => wrap(await client.query(sql, params as unknown[])), afterCommit: (callback) => callbacks.add(callback) };
        value = await work(scoped);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
      callbacks.run(onCallbackError);
      return value;
    },
    async close() {
      await pool.end();
    },
  };
}
