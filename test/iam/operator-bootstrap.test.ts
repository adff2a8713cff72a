import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bootstrapOperator } from '../../src/apis/iam/operator-bootstrap.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { tokenRequest } from './iam-kit.js';

/** DECISIONS §1: generated operator credentials are printed once; values from the environment win on every start. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const log = { warn: () => undefined } as unknown as FastifyBaseLogger;

/** Runs the start-up bootstrap on the app's database and returns what it printed on stdout. */
async function bootstrap(adminPassword: string | undefined, operatorClientSecret: string | undefined): Promise<string> {
  const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    await bootstrapOperator(t.built.db, { adminUsername: 'admin', adminPassword, operatorClientSecret }, log);
    return write.mock.calls.map(([chunk]) => String(chunk)).join('');
  } finally {
    write.mockRestore();
  }
}

const clientStatus = async (secret: string) => (await tokenRequest(t, { realmName: 'operator', grantType: 'client_credentials', clientSecret: secret })).status;
const adminStatus = async (password: string) => (await tokenRequest(t, { realmName: 'operator', username: 'admin', password })).status;

describe('operator bootstrap', () => {
  it('generates the client secret and admin password on a first start, prints them once, and they work', async () => {
    // A database as a first start finds it: no operator client, no admin.
    await t.built.db.query("DELETE FROM iam_clients WHERE realm = 'operator'");
    await t.built.db.query("DELETE FROM iam_users WHERE realm = 'operator' AND username = 'admin'");
    const printed = await bootstrap(undefined, undefined);
    const secret = /OPERATOR_CLIENT_SECRET .*: (\S+)/.exec(printed)?.[1];
    const password = /ADMIN_PASSWORD .*: (\S+)/.exec(printed)?.[1];
    expect(secret, printed).toEqual(expect.any(String));
    expect(password, printed).toEqual(expect.any(String));
    expect(await clientStatus(secret!)).toBe(200);
    expect(await adminStatus(password!)).toBe(200);

    // The next start finds them: nothing printed, nothing changed.
    expect(await bootstrap(undefined, undefined)).toBe('');
    expect(await clientStatus(secret!)).toBe(200);
    expect(await adminStatus(password!)).toBe(200);
  });

  it('re-applies the secrets given in the environment on every start, printing nothing', async () => {
    expect(await bootstrap('first-admin-password', 'first-operator-secret')).toBe('');
    expect(await bootstrap('second-admin-password', 'second-operator-secret')).toBe('');
    expect(await clientStatus('first-operator-secret')).toBe(401);
    expect(await clientStatus('second-operator-secret')).toBe(200);
    expect(await adminStatus('first-admin-password')).toBe(401);
    expect(await adminStatus('second-admin-password')).toBe(200);
  });
});
