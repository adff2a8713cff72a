import { describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from '../../src/platform/clock.js';
import { useApp } from '../support/fixture.js';
import { adminLogin, createUser, expectOAuthError, type Json, tokenRequest, userLogin } from './iam-kit.js';

/** Password lockout with LOCKOUT_THRESHOLD=3 and a short LOCKOUT_SECONDS; its end is reached by moving the app's clock. */
const LOCK_SECONDS = 2;
// Real time at the start, so the answers' timestamps are today's.
const clock = new ManualClock(systemClock.now());
const { t, operator } = await useApp({
  env: { LOCKOUT_THRESHOLD: '3', LOCKOUT_SECONDS: String(LOCK_SECONDS) },
  clock,
  operator: true,
});

const attempt = (user: { username: string }, password: string) =>
  tokenRequest(t, { realmName: 'operator', username: user.username, password });

async function lockOut(user: { username: string }) {
  for (let i = 0; i < 3; i++) expectOAuthError(await attempt(user, `wrong-${i}`), 401, 'invalid_grant');
}

describe('POST /iam/tokens, password lockout', () => {
  it('answers 429 with Retry-After after LOCKOUT_THRESHOLD failed passwords, even for the right password', async () => {
    const user = await createUser(t, 'operator', operator, { scope: 'terms:read' });
    await lockOut(user);
    const locked = await attempt(user, user.password);
    expectOAuthError(locked, 429, 'invalid_grant');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(LOCK_SECONDS);
    expect((locked.body as Json).message).toContain('locked');
    expect((await attempt(user, 'wrong-again')).status).toBe(429);
    // Only that user is locked.
    expect((await adminLogin(t)).access_token).toEqual(expect.any(String));
  });

  it('lets the user in again once the lock has ended', async () => {
    const user = await createUser(t, 'operator', operator, { scope: 'terms:read' });
    await lockOut(user);
    const locked = await attempt(user, user.password);
    expect(locked.status).toBe(429);
    clock.advance(Number(locked.headers['retry-after']) * 1000 + 300);
    expect((await userLogin(t, 'operator', user)).scope).toBe('terms:read');
  });

  it('starts counting again after a successful login', async () => {
    const user = await createUser(t, 'operator', operator, { scope: 'terms:read' });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++) expect((await attempt(user, `wrong-${round}-${i}`)).status).toBe(401);
      expect((await attempt(user, user.password)).status).toBe(200);
    }
  });
});
