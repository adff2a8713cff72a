import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { listMigrations, migrate, pendingMigrations } from '../../../src/platform/db/migrate.js';
import { openDatabase } from '../../../src/platform/db/open-database.js';
import { databaseUrl, onPostgres } from '../../support/database-kind.js';
import { TEST_SETTINGS } from '../../support/test-settings.js';

describe('migrations', () => {
  it('apply once and report nothing pending on a second run', async () => {
    const schema = onPostgres ? `m_${randomBytes(5).toString('hex')}` : 'public';
    const db = await openDatabase(
      { databaseUrl, dataDir: '', databaseSchema: schema, databasePreparedStatements: true },
      (error) => {
        throw error;
      },
    );
    try {
      const first = await migrate(db, schema);
      expect(first).toEqual(listMigrations().map((m) => m.version));
      expect(await migrate(db, schema)).toEqual([]);
      expect(await pendingMigrations(db)).toBe(0);
    } finally {
      if (onPostgres) await db.query(`DROP SCHEMA "${schema}" CASCADE`);
      await db.close();
    }
  });
});

describe.runIf(onPostgres)('two instances starting together on one PostgreSQL schema', () => {
  const schema = `m_${randomBytes(5).toString('hex')}`;
  afterAll(async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  it('both start, the schema is migrated once, and a token from one verifies on the other', async () => {
    const env = {
      ...TEST_SETTINGS,
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      OPERATOR_CLIENT_SECRET: 'twin-secret',
      ADMIN_PASSWORD: 'twin-password',
      LOG_LEVEL: 'silent',
    };
    const [a, b] = await Promise.all([buildApp(loadConfig(env)), buildApp(loadConfig(env))]);
    try {
      const { rows } = await a.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      expect(rows[0]!.n).toBe(listMigrations().length);
      const keys = await a.db.query<{ n: number }>('SELECT count(*)::int AS n FROM iam_signing_keys');
      expect(keys.rows[0]!.n).toBe(1);
      const issued = await a.app.inject({
        method: 'POST',
        url: '/iam/tokens',
        payload: { realmName: 'operator', grantType: 'client_credentials', clientSecret: 'twin-secret' },
      });
      expect(issued.statusCode).toBe(200);
      const read = await b.app.inject({
        method: 'GET',
        url: '/terms',
        headers: { authorization: `Bearer ${issued.json().access_token}` },
      });
      expect(read.statusCode).toBe(200);
    } finally {
      await Promise.all([a.app.close(), b.app.close()]);
    }
  });
});
