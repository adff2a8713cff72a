import { describe, expect, it } from 'vitest';
import { SecretHasher } from '../../src/apis/iam/passwords.js';
import { SignInThrottle } from '../../src/apis/iam/sign-in-throttle.js';
import { UserSignIn } from '../../src/apis/iam/user-sign-in.js';
import { ManualClock, systemClock } from '../../src/platform/clock.js';
import { useApp } from '../support/fixture.js';
import { createUser, expectOAuthError, type Json, tokenRequest, unique } from './iam-kit.js';

/**
 * Sign-in throttling (docs/security.md): per (realm, username, client address) 3 free failures here, then waits of
 * 1 s, 2 s, 4 s, …; per client address 8. The client address is X-Real-Ip (the peer of `inject`, 127.0.0.1, is a
 * trusted proxy here). Waits end by moving the app's clock.
 */
// Real time at the start, so the answers' timestamps are today's.
const clock = new ManualClock(systemClock.now());
const { t, operator } = await useApp({
  env: {
    SIGN_IN_FREE_ATTEMPTS: '3',
    SIGN_IN_ADDRESS_FREE_ATTEMPTS: '8',
    SIGN_IN_MAX_DELAY: '4',
    TRUSTED_PROXIES: '127.0.0.1',
    TOKEN_RATE_LIMIT: '100000',
  },
  clock,
  operator: true,
});

let addresses = 0;
/** A client address no other test uses: 198.18.0.0/15 is for tests (RFC 2544). */
const newAddress = () => `198.18.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

const attempt = (username: string, password: string, from: string) =>
  tokenRequest(t, { realmName: 'operator', username, password }, { 'x-real-ip': from });

async function failures(username: string, from: string, count: number) {
  for (let i = 0; i < count; i++) expectOAuthError(await attempt(username, `wrong-${i}`, from), 401, 'invalid_grant');
}

const newUser = () => createUser(t, 'operator', operator, { scope: 'terms:read' });

describe('POST /iam/tokens, sign-in throttling', () => {
  it('answers 429 with Retry-After once the free attempts are used, even for the right password', async () => {
    const user = await newUser();
    const attacker = newAddress();
    // The attempt past the free ones is still checked (401), and starts the first wait.
    await failures(user.username, attacker, 4);
    const throttled = await attempt(user.username, user.password, attacker);
    expectOAuthError(throttled, 429, 'invalid_grant');
    expect(throttled.headers['retry-after']).toBe('1');
    expect((throttled.body as Json).message).toBe('too many failed sign-ins; retry in 1 s');
  });

  it('lets the real user sign in from another address while an attacker is throttled', async () => {
    const user = await newUser();
    const attacker = newAddress();
    await failures(user.username, attacker, 4);
    expect((await attempt(user.username, 'guess', attacker)).status).toBe(429);
    const own = await attempt(user.username, user.password, newAddress());
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    // A direct peer (no proxy) is its own address too.
    const direct = await t.inject({
      method: 'POST',
      url: '/iam/tokens',
      remoteAddress: '192.0.2.44',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ realmName: 'operator', username: user.username, password: user.password }),
    });
    expect(direct.statusCode, direct.body).toBe(200);
    expect((await attempt(user.username, user.password, attacker)).status).toBe(429);
  });

  it('ends a wait when the clock passes it, and each further failure doubles the next, up to SIGN_IN_MAX_DELAY', async () => {
    const user = await newUser();
    const attacker = newAddress();
    await failures(user.username, attacker, 4);
    const waits: string[] = [];
    for (let i = 0; i < 4; i++) {
      const refused = await attempt(user.username, 'guess', attacker);
      expect(refused.status).toBe(429);
      waits.push(refused.headers['retry-after'] as string);
      clock.advance(Number(refused.headers['retry-after']) * 1000);
      expect((await attempt(user.username, `guess-${i}`, attacker)).status).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4', '4']);
    clock.advance(4000);
    expect((await attempt(user.username, user.password, attacker)).status).toBe(200);
  });

  it('starts counting again after a successful sign-in', async () => {
    const user = await newUser();
    const from = newAddress();
    for (let round = 0; round < 2; round++) {
      await failures(user.username, from, 3);
      expect((await attempt(user.username, user.password, from)).status).toBe(200);
    }
  });

  it('slows an address that tries many usernames, and only that address', async () => {
    const user = await newUser();
    const scanner = newAddress();
    // 8 free failures per address here, over any usernames, known or not: the 9th is checked and starts a wait.
    for (let i = 0; i < 9; i++) expect((await attempt(unique('nobody'), 'guess', scanner)).status).toBe(401);
    const throttled = await attempt(user.username, user.password, scanner);
    expect(throttled.status).toBe(429);
    expect(throttled.headers['retry-after']).toBe('1');
    expect((await attempt(user.username, user.password, newAddress())).status).toBe(200);
  });

  it('counts parallel attempts one by one: a burst gets no more than the free attempts and one more', async () => {
    const user = await newUser();
    const attacker = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => attempt(user.username, `burst-${i}`, attacker)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429, 429, 429]);
  });

  it('keeps its counts in the database: another instance on the same database sees the wait', async () => {
    const user = await newUser();
    const attacker = newAddress();
    await failures(user.username, attacker, 4);
    const db = t.built.db;
    const otherInstance = new UserSignIn(db, new SignInThrottle(db, t.config, clock), new SecretHasher(10));
    const refused = otherInstance.verify({
      realm: 'operator',
      username: user.username,
      password: user.password,
      clientAddress: attacker,
    });
    await expect(refused).rejects.toMatchObject({ status: 429, headers: { 'retry-after': '1' } });
  });

  it('forgets a quiet key: the purge deletes keys 12 hours after their last attempt', async () => {
    const throttle = new SignInThrottle(t.built.db, t.config, clock);
    await failures(unique('nobody'), newAddress(), 2);
    // Past every earlier test's waits too (at most SIGN_IN_MAX_DELAY, 4 s here).
    clock.advance(13 * 3600_000);
    expect(await throttle.purge()).toBeGreaterThanOrEqual(2);
    const { rows } = await t.built.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM iam_sign_in_throttle WHERE last_attempt_at < $1',
      [new Date(clock.now().getTime() - 12 * 3600_000)],
    );
    expect(rows[0]!.count).toBe(0);
  });
});
