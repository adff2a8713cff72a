import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bootstrapOperator } from '../../src/apis/iam/operator-bootstrap.js';
import { CREDENTIALS_FILE_NAME } from '../../src/apis/iam/operator-credentials-file.js';
import { SecretHasher } from '../../src/apis/iam/passwords.js';
import { useApp } from '../support/fixture.js';
import { tokenRequest } from './iam-kit.js';

/**
 * docs/product-decisions.md §1: generated operator credentials are shown once — in a 0600 file in DATA_DIR whose path is logged,
 * never in the log stream itself; values from the environment win on every start.
 */
let dataDir: string;
const { t } = await useApp();
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bootstrap-'));
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the start-up bootstrap on the app's database; returns what it logged and what it wrote on stdout. */
async function bootstrap(
  adminPassword: string | undefined,
  operatorClientSecret: string | undefined,
  adminUsername = 'admin',
) {
  const logged: string[] = [];
  const informed: string[] = [];
  const log = {
    warn: (message: string) => logged.push(message),
    info: (message: string) => informed.push(message),
  } as unknown as FastifyBaseLogger;
  const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    const file = await bootstrapOperator(
      t.built.db,
      { adminUsername, adminPassword, operatorClientSecret, dataDir },
      log,
      new SecretHasher(t.config.passwordHashCost),
    );
    return {
      file,
      logged: logged.join('\n'),
      informed: informed.join('\n'),
      stdout: write.mock.calls.map(([chunk]) => String(chunk)).join(''),
    };
  } finally {
    write.mockRestore();
  }
}

/** The variables the file sets, read back by a POSIX shell as a person would (`set -a; . file`). */
function sourced(file: string): Record<string, string> {
  const out = execFileSync(
    'sh',
    [
      '-c',
      'set -a; . "$1"; printf "%s\\n%s\\n%s" "$OPERATOR_CLIENT_SECRET" "$ADMIN_USERNAME" "$ADMIN_PASSWORD"',
      'sh',
      file,
    ],
    { encoding: 'utf8' },
  );
  const [OPERATOR_CLIENT_SECRET, ADMIN_USERNAME, ADMIN_PASSWORD] = out.split('\n');
  return {
    OPERATOR_CLIENT_SECRET: OPERATOR_CLIENT_SECRET!,
    ADMIN_USERNAME: ADMIN_USERNAME!,
    ADMIN_PASSWORD: ADMIN_PASSWORD!,
  };
}

const clientStatus = async (secret: string) =>
  (await tokenRequest(t, { realmName: 'operator', grantType: 'client_credentials', clientSecret: secret })).status;
const userStatus = async (username: string, password: string) =>
  (await tokenRequest(t, { realmName: 'operator', username, password })).status;

/** A database as a first start finds it: no operator client, no such admin. */
async function forgetOperator(username: string) {
  await t.built.db.query("DELETE FROM iam_clients WHERE realm = 'operator'");
  await t.built.db.query("DELETE FROM iam_users WHERE realm = 'operator' AND username = $1", [username]);
}

describe('operator bootstrap', () => {
  it('writes generated credentials once to a 0600 file in DATA_DIR, logs its path but no secret, and they work', async () => {
    await forgetOperator('admin');
    const first = await bootstrap(undefined, undefined);
    const path = join(dataDir, CREDENTIALS_FILE_NAME);
    expect(first.file).toBe(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const values = sourced(path);
    expect(values.OPERATOR_CLIENT_SECRET).toMatch(/^[\w-]{20,}$/);
    expect(values.ADMIN_USERNAME).toBe('admin');
    expect(values.ADMIN_PASSWORD).toMatch(/^[\w-]{20,}$/);
    expect(await clientStatus(values.OPERATOR_CLIENT_SECRET)).toBe(200);
    expect(await userStatus('admin', values.ADMIN_PASSWORD)).toBe(200);

    expect(first.logged).toContain(path);
    expect(first.logged).not.toContain(values.OPERATOR_CLIENT_SECRET);
    expect(first.logged).not.toContain(values.ADMIN_PASSWORD);
    expect(first.stdout).toBe('');

    // The next start finds them: nothing written or logged, nothing changed.
    const before = readFileSync(path, 'utf8');
    expect(await bootstrap(undefined, undefined)).toMatchObject({
      file: undefined,
      logged: '',
      stdout: '',
      informed: expect.stringContaining('OPERATOR_CLIENT_SECRET as stored earlier'),
    });
    expect(readFileSync(path, 'utf8')).toBe(before);
    expect(await clientStatus(values.OPERATOR_CLIENT_SECRET)).toBe(200);
  });

  it('quotes a username the shell would otherwise split, so sourcing the file gives it back', async () => {
    const username = "ops admin's";
    await forgetOperator(username);
    const { file } = await bootstrap(undefined, undefined, username);
    const values = sourced(file!);
    expect(values.ADMIN_USERNAME).toBe(username);
    expect(await userStatus(username, values.ADMIN_PASSWORD)).toBe(200);
    expect(await clientStatus(values.OPERATOR_CLIENT_SECRET)).toBe(200);
  });

  it('re-applies the secrets given in the environment on every start, writing nothing, and says which are in force', async () => {
    await bootstrap('first-admin-password', 'first-operator-secret');
    expect(await bootstrap('first-admin-password', 'first-operator-secret')).toEqual({
      file: undefined,
      logged: '',
      stdout: '',
      informed: expect.stringContaining(
        'OPERATOR_CLIENT_SECRET from the environment, ADMIN_PASSWORD of admin from the environment',
      ),
    });
    const second = await bootstrap('second-admin-password', 'second-operator-secret');
    expect(second.logged).toContain(
      'OPERATOR_CLIENT_SECRET and ADMIN_PASSWORD of admin from the environment replaced the stored value',
    );
    expect(second.logged).not.toContain('second-');
    expect(await clientStatus('first-operator-secret')).toBe(401);
    expect(await clientStatus('second-operator-secret')).toBe(200);
    expect(await userStatus('admin', 'first-admin-password')).toBe(401);
    expect(await userStatus('admin', 'second-admin-password')).toBe(200);
  });

  it('takes the replaced values out of the file of generated ones, and removes it when nothing in it works any more', async () => {
    await forgetOperator('admin');
    const { file } = await bootstrap(undefined, undefined);
    expect(Object.values(sourced(file!)).every(Boolean)).toBe(true);
    const secretOnly = await bootstrap(undefined, 'operator-secret-from-env');
    expect(secretOnly.logged).toContain(
      `OPERATOR_CLIENT_SECRET from the environment replaced the stored value; ${file} no longer lists them`,
    );
    expect(sourced(file!)).toMatchObject({ OPERATOR_CLIENT_SECRET: '', ADMIN_USERNAME: 'admin' });
    const both = await bootstrap('admin-password-from-env', 'operator-secret-from-env');
    expect(both.logged).toContain(`${file} was removed (nothing in it worked any more)`);
    expect(() => statSync(file!)).toThrow();
  });
});
