import pg from 'pg';
import type { Database, Queryable } from './database.js';

// int8 (counts, sums) come back as JavaScript numbers, as PGlite returns them.
pg.types.setTypeParser(20, (value) => Number(value));

/** A PostgreSQL server through a `pg` pool; every connection uses `schema`. */
export async function openPostgresDatabase(url: string, schema: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: `-c search_path="${schema}"` });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
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
