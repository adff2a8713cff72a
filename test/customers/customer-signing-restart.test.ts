import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { KEY_FILE_NAME } from '../../src/platform/crypto/data-encryption-key.js';
import { OPERATOR_SECRET } from '../support/test-app.js';
import { TEST_SETTINGS } from '../support/test-settings.js';
import { customerBody, type Json } from './customer-factories.js';

/**
 * One database and one DATA_DIR across restarts: the PostgreSQL server of DATABASE_URL (in a schema of its own),
 * or else PGlite stored in DATA_DIR.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'customers-restart-'));
const serverUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const schema = serverUrl ? `t_${randomBytes(6).toString('hex')}` : 'public';

function start(env: Record<string, string> = {}): Promise<App> {
  return buildApp(
    loadConfig({
      ...TEST_SETTINGS,
      DATA_DIR: dataDir,
      ...(serverUrl ? { DATABASE_URL: serverUrl, DATABASE_SCHEMA: schema } : {}),
      OPERATOR_CLIENT_SECRET: OPERATOR_SECRET,
      ADMIN_PASSWORD: 'restart-admin-password',
      LOG_LEVEL: 'silent',
      ...env,
    }),
  );
}

async function call(
  app: App,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  payload?: string,
  contentType = 'application/json',
) {
  const response = await app.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload !== undefined ? { 'content-type': contentType } : {}),
    },
    payload,
  });
  return { status: response.statusCode, body: response.body, json: () => JSON.parse(response.body) as Json };
}

async function operatorToken(app: App): Promise<string> {
  return (
    await call(
      app,
      'POST',
      '/iam/tokens',
      undefined,
      JSON.stringify({ realmName: 'operator', grantType: 'client_credentials', clientSecret: OPERATOR_SECRET }),
    )
  ).json().access_token;
}

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
});

describe('signing keys across restarts', () => {
  it('keep signing with the key generated in DATA_DIR; another DATA_ENCRYPTION_KEY cannot open them (500), while verify still works', async () => {
    let app = await start();
    let token = await operatorToken(app);
    const customer = (await call(app, 'POST', '/customers', token, JSON.stringify(customerBody()))).json();
    const before = (
      await call(app, 'POST', `/customers/${customer.id}/sign`, token, 'before restart', 'text/plain')
    ).json();
    await app.app.close();
    expect(statSync(join(dataDir, KEY_FILE_NAME)).mode & 0o777).toBe(0o600);

    app = await start();
    token = await operatorToken(app);
    expect(
      (
        await call(
          app,
          'POST',
          `/customers/${customer.id}/verify`,
          token,
          JSON.stringify({ signedData: before.signedData }),
        )
      ).body,
    ).toBe('before restart');
    const after = await call(app, 'POST', `/customers/${customer.id}/sign`, token, 'after restart', 'text/plain');
    expect(after.status).toBe(201);
    await app.app.close();

    app = await start({ DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64') });
    token = await operatorToken(app);
    const refused = await call(app, 'POST', `/customers/${customer.id}/sign`, token, 'wrong key', 'text/plain');
    expect(refused.status).toBe(500);
    expect(refused.body).not.toContain('DATA_ENCRYPTION_KEY');
    expect(
      (
        await call(
          app,
          'POST',
          `/customers/${customer.id}/verify`,
          token,
          JSON.stringify({ signedData: after.json().signedData }),
        )
      ).body,
    ).toBe('after restart');
    await app.app.close();
  }, 120_000);
});
