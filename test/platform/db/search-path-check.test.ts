import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/platform/db/database.js';
import { openDatabase } from '../../../src/platform/db/open-database.js';
import { checkSearchPath } from '../../../src/platform/db/search-path-check.js';
import { databaseUrl, onPostgres } from '../../support/database-kind.js';

const schema = onPostgres ? `sp_${randomBytes(5).toString('hex')}` : 'public';
const opened: Database[] = [];

afterAll(async () => {
  for (const db of opened) {
    if (onPostgres) await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await db.close();
  }
});

async function open(): Promise<Database> {
  const db = await openDatabase(
    { databaseUrl, dataDir: '', databaseSchema: schema, databasePreparedStatements: true },
    (error) => {
      throw error;
    },
  );
  opened.push(db);
  return db;
}

describe('the start-up check that queries land in DATABASE_SCHEMA (a pooler may drop the search_path the service asks for)', () => {
  it('passes when the connections put DATABASE_SCHEMA first', async () => {
    const db = await open();
    await expect(checkSearchPath(db, schema)).resolves.toBeUndefined();
  });

  it('stops with a message naming the schema in use and the pgbouncer setting when another schema comes first', async () => {
    const db = await open();
    await expect(checkSearchPath(db, 'elsewhere')).rejects.toThrow(
      `the database connections use schema "${schema}", not DATABASE_SCHEMA "elsewhere": a connection pooler that drops the options startup parameter must set it itself (pgbouncer: connect_query='SET search_path TO "elsewhere"')`,
    );
  });
});
