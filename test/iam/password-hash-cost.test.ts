import { describe, expect, it } from 'vitest';
import { SecretHasher } from '../../src/apis/iam/passwords.js';
import { loadConfig } from '../../src/config.js';
import { configRefusal } from '../support/config-refusal.js';
import { useApp } from '../support/fixture.js';
import { createUser, tokenRequest } from './iam-kit.js';

/**
 * PASSWORD_HASH_COST sets scrypt's N for new hashes (docs/decisions.md, "Passwords and client secrets are hashed with
 * scrypt"); every hash keeps the parameters it was made with, so a change of the setting locks nobody out.
 */
const { t, operator } = await useApp({ operator: true, env: { PASSWORD_HASH_COST: '15' } });

const storedHash = async (username: string) =>
  (
    await t.built.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM iam_users WHERE realm = $1 AND username = $2',
      ['operator', username],
    )
  ).rows[0]!.password_hash;

describe('PASSWORD_HASH_COST', () => {
  it('is 15 unless set, and refuses a cost below 10 or above 17 with one line', () => {
    expect(loadConfig({}).passwordHashCost).toBe(15);
    expect(loadConfig({ PASSWORD_HASH_COST: '12' }).passwordHashCost).toBe(12);
    expect(configRefusal({ PASSWORD_HASH_COST: '9' })).toMatch(/^PASSWORD_HASH_COST must be/);
    expect(configRefusal({ PASSWORD_HASH_COST: '18' })).toMatch(/^PASSWORD_HASH_COST must be/);
  });

  it('stores a new password hashed with scrypt at N = 2^cost, r = 8, p = 1, and signs the user in with it', async () => {
    const user = await createUser(t, 'operator', operator);
    expect(await storedHash(user.username)).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    const login = await tokenRequest(t, { realmName: 'operator', username: user.username, password: user.password });
    expect(login.status).toBe(200);
  });

  it('signs in a user whose hash was made at another cost, and still refuses a wrong password', async () => {
    const user = await createUser(t, 'operator', operator);
    const earlier = await new SecretHasher(10).hash('made-at-cost-10');
    await t.built.db.query('UPDATE iam_users SET password_hash = $1 WHERE realm = $2 AND username = $3', [
      earlier,
      'operator',
      user.username,
    ]);
    expect(earlier).toMatch(/^scrypt\$1024\$/);
    const login = (password: string) => tokenRequest(t, { realmName: 'operator', username: user.username, password });
    expect((await login('made-at-cost-10')).status).toBe(200);
    expect((await login('not-the-password')).status).toBe(401);
  });
});

describe('a damaged stored hash', () => {
  it.each([
    ['parameters that are not numbers', 'scrypt$abc$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaA'],
    ['a cost no setting can make (N = 2^30)', 'scrypt$1073741824$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaA'],
    ['another scheme', 'bcrypt$2b$10$abcdefghijklmnopqrstuv'],
  ])('refuses the password (401) when the stored hash has %s, and the app stays ready', async (_what, stored) => {
    const user = await createUser(t, 'operator', operator);
    await t.built.db.query('UPDATE iam_users SET password_hash = $1 WHERE realm = $2 AND username = $3', [
      stored,
      'operator',
      user.username,
    ]);
    const login = await tokenRequest(t, { realmName: 'operator', username: user.username, password: user.password });
    expect(login.status).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });
});
