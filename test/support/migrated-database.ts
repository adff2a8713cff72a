import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../src/platform/db/database.js';
import { migrate } from '../../src/platform/db/migrate.js';
import { openDatabase } from '../../src/platform/db/open-database.js';

export interface MigratedDatabase {
  db: Database;
  schema: string;
  /** Closes it, and drops its schema on PostgreSQL. */
  drop(): Promise<void>;
}

/**
 * A fresh database without an app: PGlite in memory, or, when DATABASE_URL is a postgres:// URL, a schema of its own
 * on that server. `before` runs first (a test that holds a migration back records it as applied there); then every
 * migration not recorded is applied.
 */
export async function migratedDatabase(before?: (db: Database) => Promise<void>): Promise<MigratedDatabase> {
  const databaseUrl = process.env.DATABASE_URL || 'memory://';
  const schema = databaseUrl.startsWith('postgres') ? `t_${randomBytes(6).toString('hex')}` : 'public';
  const db = await openDatabase(
    { databaseUrl, databaseSchema: schema, dataDir: '', databasePreparedStatements: false },
    (error) => {
      throw error;
    },
  );
  await before?.(db);
  await migrate(db, schema);
  return {
    db,
    schema,
    async drop() {
      await db.close();
      if (schema !== 'public') await dropSchema(databaseUrl, schema);
    },
  };
}

/** Drops a test's schema on the PostgreSQL server of `databaseUrl`. */
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}
