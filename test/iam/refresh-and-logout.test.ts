import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { OPERATOR_SECRET } from '../support/test-app.js';
import {
  adminLogin,
  claimsOf,
  createUser,
  expectOAuthError,
  expectSimpleError,
  type Json,
  termsStatus,
  tokenRequest,
  userLogin,
} from './iam-kit.js';

const { t, operator } = await useApp({ operator: true });

const refresh = (refreshToken: string, extra: Json = {}) =>
  tokenRequest(t, { grantType: 'refresh_token', refreshToken, ...extra });

describe('POST /iam/tokens, refresh_token grant', () => {
  it('returns a new access token and the same refresh token when the client secret is not given', async () => {
    const login = await adminLogin(t);
    const res = await refresh(login.refresh_token, { realmName: 'operator' });
    expect(res.status).toBe(200);
    const body = res.body as Json;
    expect(body.refresh_token).toBe(login.refresh_token);
    expect(body.access_token).not.toBe(login.access_token);
    expect(body).toMatchObject({
      session_state: login.session_state,
      token_type: 'Bearer',
      refresh_expires_in: 1800,
      scope: login.scope,
    });
    expect(body).not.toHaveProperty('id_token');
    const before = claimsOf(login.access_token);
    expect(claimsOf(body.access_token)).toMatchObject({
      sub: before.sub,
      sid: before.sid,
      realm: 'operator',
      iss: before.iss,
    });
    expect(claimsOf(body.access_token).jti).not.toBe(before.jti);
    expect(await termsStatus(t, body.access_token)).toBe(200);
    // The same refresh token keeps working.
    expect((await refresh(login.refresh_token)).status).toBe(200);
  });

  it('rotates the refresh token when the client secret is given (snake_case fields)', async () => {
    const login = await adminLogin(t);
    const res = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: login.refresh_token,
      realm: 'operator',
      client_secret: OPERATOR_SECRET,
    });
    expect(res.status).toBe(200);
    const body = res.body as Json;
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(body.refresh_token).not.toBe(login.refresh_token);
    expect(body.session_state).toBe(login.session_state);
    expect((await refresh(body.refresh_token)).status).toBe(200);
  });

  it('ends the whole session when a rotated refresh token is presented again', async () => {
    const login = await adminLogin(t);
    const rotated = (await refresh(login.refresh_token, { clientSecret: OPERATOR_SECRET })).body as Json;
    expect(await termsStatus(t, rotated.access_token)).toBe(200);

    const replay = await refresh(login.refresh_token);
    expectOAuthError(replay, 400, 'invalid_grant');

    expect(await termsStatus(t, login.access_token)).toBe(401);
    expect(await termsStatus(t, rotated.access_token)).toBe(401);
    expectOAuthError(await refresh(rotated.refresh_token), 400, 'invalid_grant');
    expectOAuthError(await refresh(rotated.refresh_token, { clientSecret: OPERATOR_SECRET }), 400, 'invalid_grant');
  });

  it('leaves other sessions of the same user alone when one session is ended for reuse', async () => {
    const first = await adminLogin(t);
    const second = await adminLogin(t);
    await refresh(first.refresh_token, { clientSecret: OPERATOR_SECRET });
    await refresh(first.refresh_token);
    expect(await termsStatus(t, first.access_token)).toBe(401);
    expect(await termsStatus(t, second.access_token)).toBe(200);
    expect((await refresh(second.refresh_token)).status).toBe(200);
  });

  it('answers 401 invalid_client for a wrong client secret and keeps the refresh token usable', async () => {
    const login = await adminLogin(t);
    expectOAuthError(await refresh(login.refresh_token, { clientSecret: 'not-the-secret' }), 401, 'invalid_client');
    const again = await refresh(login.refresh_token, { clientSecret: OPERATOR_SECRET });
    expect(again.status).toBe(200);
    expect(await termsStatus(t, login.access_token)).toBe(200);
  });

  it('answers 400 invalid_grant once the session has outlived REFRESH_TOKEN_TTL without a refresh', async () => {
    const login = await adminLogin(t);
    // Age the session as time would (the refresh token lifetime is 30 minutes).
    await t.built.db.query("UPDATE iam_sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [
      login.session_state,
    ]);
    const res = await refresh(login.refresh_token);
    expectOAuthError(res, 400, 'invalid_grant');
    expect((res.body as Json).message).toContain('expired');
  });

  it('answers 400 invalid_grant for an unknown refresh token, and 400 invalid_request for none', async () => {
    expectOAuthError(await refresh('definitely-not-a-refresh-token'), 400, 'invalid_grant');
    expectOAuthError(
      await tokenRequest(t, { grantType: 'refresh_token', realmName: 'operator' }),
      400,
      'invalid_request',
    );
  });

  it('answers 400 invalid_grant for a refresh token presented for another realm, and does not end the session', async () => {
    const tenant = await t.tenant();
    const login = await adminLogin(t);
    expectOAuthError(await refresh(login.refresh_token, { realmName: tenant.realm }), 400, 'invalid_grant');
    expect(await termsStatus(t, login.access_token)).toBe(200);
  });

  it('may narrow the scope of the refreshed access token', async () => {
    const login = await adminLogin(t);
    const body = (await refresh(login.refresh_token, { scope: 'terms:read operator' })).body as Json;
    expect(body.scope).toBe('terms:read operator');
    expect(
      (
        await t.request('POST', '/terms', body.access_token, {
          startDate: '2026-01-01T00:00:00Z',
          template: 'x',
          model: 'MOR',
        })
      ).status,
    ).toBe(403);
    expectOAuthError(await refresh(login.refresh_token, { scope: 'no:such-scope' }), 400, 'invalid_scope');
    // Refused with the client secret too, and the refresh token is not rotated away by the refusal.
    expectOAuthError(
      await refresh(login.refresh_token, { scope: 'no:such-scope', clientSecret: OPERATOR_SECRET }),
      400,
      'invalid_scope',
    );
    expect(await termsStatus(t, login.access_token)).toBe(200);
    // Narrowing one access token does not narrow the session.
    expect(((await refresh(login.refresh_token)).body as Json).scope).toBe(login.scope);
  });

  it("refreshes a customer realm user's session and keeps its customerId", async () => {
    const tenant = await t.tenant();
    const user = await createUser(t, tenant.realm, tenant.token);
    const login = await userLogin(t, tenant.realm, user);
    const body = (await refresh(login.refresh_token, { realmName: tenant.realm, clientSecret: tenant.clientSecret }))
      .body as Json;
    expect(body.refresh_token).not.toBe(login.refresh_token);
    expect(claimsOf(body.access_token)).toMatchObject({
      sub: user.id,
      customerId: tenant.customerId,
      realm: tenant.realm,
    });
  });
});

describe('DELETE /iam/tokens/invalidate', () => {
  it('ends the bearer session at once: its access token gets 401 and its refresh token is refused', async () => {
    const login = await adminLogin(t);
    expect(await termsStatus(t, login.access_token)).toBe(200);
    const res = await t.request('DELETE', '/iam/tokens/invalidate', login.access_token);
    expect(res.status).toBe(204);
    expect(res.raw.body).toBe('');
    const refused = await t.request('GET', '/terms', login.access_token);
    expectSimpleError(refused, 401, '/terms');
    expect(refused.headers['www-authenticate']).toMatch(/^Bearer/);
    expectOAuthError(await refresh(login.refresh_token), 400, 'invalid_grant');
    // Logging out twice: the token is no longer valid.
    expect((await t.request('DELETE', '/iam/tokens/invalidate', login.access_token)).status).toBe(401);
  });

  it('ends only that session: another login of the same user keeps working', async () => {
    const kept = await adminLogin(t);
    const ended = await adminLogin(t);
    await t.request('DELETE', '/iam/tokens/invalidate', ended.access_token);
    expect(await termsStatus(t, kept.access_token)).toBe(200);
  });

  it('works for a client_credentials token of any scope', async () => {
    const tenant = await t.tenant();
    const narrow = (
      await t.token({
        realmName: tenant.realm,
        grantType: 'client_credentials',
        clientSecret: tenant.clientSecret,
        scope: 'catalog:read',
      })
    ).access_token;
    expect((await t.request('DELETE', '/iam/tokens/invalidate', narrow)).status).toBe(204);
    expect((await t.request('GET', `/iam/realms/${tenant.realm}/users`, narrow)).status).toBe(401);
    expect(await termsStatus(t, tenant.token)).toBe(200);
  });

  it('answers 401 without a bearer token', async () => {
    expectSimpleError(await t.request('DELETE', '/iam/tokens/invalidate', undefined), 401, '/iam/tokens/invalidate');
  });
});

describe('DELETE /iam/tokens/reset', () => {
  it('ends every session of the subject: two admin sessions both die, refresh tokens included', async () => {
    const first = await adminLogin(t);
    const second = await adminLogin(t);
    const res = await t.request('DELETE', '/iam/tokens/reset', second.access_token);
    expect(res.status).toBe(204);
    for (const login of [first, second]) {
      expect(await termsStatus(t, login.access_token)).toBe(401);
      expectOAuthError(await refresh(login.refresh_token), 400, 'invalid_grant');
    }
    // A new login works: reset ends sessions, not the account.
    expect(await termsStatus(t, (await adminLogin(t)).access_token)).toBe(200);
  });

  it("leaves other subjects' sessions alone", async () => {
    const user = await createUser(t, 'operator', operator, { scope: 'terms:read' });
    const userSession = await userLogin(t, 'operator', user);
    const admin = await adminLogin(t);
    await t.request('DELETE', '/iam/tokens/reset', userSession.access_token);
    expect(await termsStatus(t, userSession.access_token)).toBe(401);
    expect(await termsStatus(t, admin.access_token)).toBe(200);
    expect(await termsStatus(t, operator)).toBe(200);
  });

  it('answers 401 for a token whose session has already ended', async () => {
    const login = await adminLogin(t);
    await t.request('DELETE', '/iam/tokens/invalidate', login.access_token);
    expectSimpleError(await t.request('DELETE', '/iam/tokens/reset', login.access_token), 401, '/iam/tokens/reset');
  });
});
