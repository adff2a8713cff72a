import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { useApp } from '../support/fixture.js';
import { ADMIN_PASSWORD, OPERATOR_SECRET } from '../support/test-app.js';
import { claimsOf, createUser, tokenRequest } from './iam-kit.js';

/** Token lifetimes, session expiry and sign-in throttling follow the app's clock: tests move it instead of sleeping. */
const clock = new ManualClock('2026-06-01T10:00:00Z');
const { t } = await useApp({
  env: { ACCESS_TOKEN_TTL: '300', REFRESH_TOKEN_TTL: '1800', SIGN_IN_FREE_ATTEMPTS: '2', SIGN_IN_MAX_DELAY: '600' },
  clock,
});

const json = (res: { body: unknown }) => res.body as Record<string, any>;
const operatorToken = async () =>
  json(await tokenRequest(t, { realmName: 'operator', grantType: 'client_credentials', clientSecret: OPERATOR_SECRET }))
    .access_token as string;
const login = (username: string, password: string) => tokenRequest(t, { realmName: 'operator', username, password });
const termsStatus = async (token: string) => (await t.request('GET', '/terms', token)).status;

describe('time, as the injected clock tells it', () => {
  it('stamps tokens with the clock, and an access token stops working once the clock passes its expiry', async () => {
    const token = await operatorToken();
    expect(claimsOf(token)).toMatchObject({
      iat: Date.parse('2026-06-01T10:00:00Z') / 1000,
      exp: Date.parse('2026-06-01T10:05:00Z') / 1000,
    });
    expect(await termsStatus(token)).toBe(200);
    clock.advance(299_000);
    expect(await termsStatus(token)).toBe(200);
    clock.advance(10_000);
    const expired = await t.request('GET', '/terms', token);
    expect(expired.status).toBe(401);
    expect(json(expired).message).toMatch(/expired/);
  });

  it('ends a session whose refresh token was not used within REFRESH_TOKEN_TTL', async () => {
    const session = json(await login('admin', ADMIN_PASSWORD));
    clock.advance(1_700_000);
    expect(
      (
        await tokenRequest(t, {
          realmName: 'operator',
          grantType: 'refresh_token',
          refreshToken: session.refresh_token,
        })
      ).status,
    ).toBe(200);
    clock.advance(1_801_000);
    expect(
      (
        await tokenRequest(t, {
          realmName: 'operator',
          grantType: 'refresh_token',
          refreshToken: session.refresh_token,
        })
      ).status,
    ).toBe(400);
  });

  it('ends a sign-in wait once the clock passes its end', async () => {
    const user = await createUser(t, 'operator', await operatorToken());
    for (let i = 0; i < 3; i++) expect((await login(user.username, 'wrong-password')).status).toBe(401);
    const throttled = await login(user.username, user.password);
    expect(throttled.status).toBe(429);
    expect(throttled.headers['retry-after']).toBe('1');
    clock.advance(999);
    expect((await login(user.username, user.password)).status).toBe(429);
    clock.advance(1);
    expect((await login(user.username, user.password)).status).toBe(200);
  });

  it('dates records and their events with the clock', async () => {
    clock.set('2026-07-14T08:30:00Z');
    const token = await operatorToken();
    const created = await t.request<Record<string, any>>('POST', '/terms', token, {
      startDate: '2026-01-01T00:00:00Z',
      template: 't',
      model: 'MOR',
    });
    expect(created.body).toMatchObject({
      createDate: '2026-07-14T08:30:00.000Z',
      updateDate: '2026-07-14T08:30:00.000Z',
    });
    clock.advance(60_000);
    const updated = await t.request<Record<string, any>>('PUT', `/terms/${created.body.id}`, token, {
      startDate: '2026-01-01T00:00:00Z',
      template: 't2',
      model: 'MOR',
    });
    expect(updated.body.updateDate).toBe('2026-07-14T08:31:00.000Z');
    const { rows } = await t.built.db.query<{ event: any }>(
      `SELECT event FROM outbox WHERE subject = 'terms' AND event -> 'involved' -> 'terms' ->> 'id' = $1 ORDER BY id`,
      [created.body.id],
    );
    expect(rows.map((r) => r.event.occurredAt)).toEqual(['2026-07-14T08:30:00.000Z', '2026-07-14T08:31:00.000Z']);
  });
});
