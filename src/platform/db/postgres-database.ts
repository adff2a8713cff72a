import pg from 'pg';
import type { Database, Queryable } from './database.js';

// int8 (counts, sums) come back as JavaScript numbers, as PGlite returns them.
pg.types.setTypeParser(20, (value) => Number(value));

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
export async function openPostgresDatabase(url: string, schema: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: `-c search_path="${schema}"` });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  await createSchema(pool, schema);
  return {
    kind: 'postgres',
    async query(sql, params) {
      const result = await pool.query(sql, params as unknown[]);
      return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length };
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const scoped: Queryable = {
          async query(sql, params) {
            const result = await client.query(sql, params as unknown[]);
            return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length };
          },
        };
        const value = await work(scoped);
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
