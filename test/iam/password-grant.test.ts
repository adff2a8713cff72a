import { decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { OPERATOR_SCOPES } from '../../src/platform/auth/scopes.js';
import { useApp } from '../support/fixture.js';
import { ADMIN_PASSWORD } from '../support/test-app.js';
import { claimsOf, createUser, expectOAuthError, type Json, tokenRequest, unique, userLogin } from './iam-kit.js';

const { t, operator } = await useApp({ operator: true });

const ISSUER_BASE = 'http://localhost:8080/iam/realms';

describe('POST /iam/tokens, password grant', () => {
  it('logs the operator admin in when grantType is absent, with the token response fields of docs/product-decisions.md §2', async () => {
    const res = await tokenRequest(t, { realmName: 'operator', username: 'admin', password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    const body = res.body as Json;
    expect(body).toEqual({
      access_token: expect.any(String),
      expires_in: 300,
      refresh_expires_in: 1800,
      refresh_token: expect.any(String),
      token_type: 'Bearer',
      id_token: expect.any(String),
      'not-before-policy': 0,
      session_state: expect.any(String),
      scope: [...OPERATOR_SCOPES].join(' '),
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('signs the admin access token with RS256 and the claims iss, sub, exp, iat, jti, sid, azp, realm, scope and no customerId', async () => {
    const before = Math.floor(Date.now() / 1000);
    const body = (await tokenRequest(t, { realmName: 'operator', username: 'admin', password: ADMIN_PASSWORD }))
      .body as Json;
    const header = decodeProtectedHeader(body.access_token);
    const jwks = (await t.request('GET', '/iam/jwks', undefined)).body as { keys: Json[] };
    expect(header.alg).toBe('RS256');
    expect(jwks.keys.map((k) => k.kid)).toContain(header.kid);

    const claims = claimsOf(body.access_token);
    const users = (await t.request('GET', '/iam/realms/operator/users?size=500', operator)).body as { items: Json[] };
    const admin = users.items.find((u) => u.username === 'admin')!;
    expect(claims).toMatchObject({
      iss: `${ISSUER_BASE}/operator`,
      sub: admin.id,
      sid: body.session_state,
      azp: 'operator',
      realm: 'operator',
    });
    expect(claims).not.toHaveProperty('customerId');
    expect(claims.iat).toBeGreaterThanOrEqual(before - 1);
    expect(claims.iat).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
    expect(claims.exp - claims.iat).toBe(300);
    expect(claims.jti).toEqual(expect.any(String));
    expect(claims.scope.split(' ').sort()).toEqual([...OPERATOR_SCOPES].sort());
  });

  it('gives every session and every token its own sid and jti', async () => {
    const a = (await tokenRequest(t, { realmName: 'operator', username: 'admin', password: ADMIN_PASSWORD }))
      .body as Json;
    const b = (
      await tokenRequest(t, {
        grantType: 'password',
        realmName: 'operator',
        username: 'admin',
        password: ADMIN_PASSWORD,
      })
    ).body as Json;
    expect(a.session_state).not.toBe(b.session_state);
    expect(claimsOf(a.access_token).jti).not.toBe(claimsOf(b.access_token).jti);
  });

  it('returns an id_token for the client that names the user and cannot be used as an access token', async () => {
    const body = (
      await tokenRequest(t, { realm: 'operator', grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD })
    ).body as Json;
    const id = claimsOf(body.id_token);
    const access = claimsOf(body.access_token);
    expect(decodeProtectedHeader(body.id_token).alg).toBe('RS256');
    expect(id).toMatchObject({
      iss: `${ISSUER_BASE}/operator`,
      sub: access.sub,
      aud: 'operator',
      sid: body.session_state,
      preferred_username: 'admin',
    });
    expect(id.exp).toBeGreaterThan(Date.now() / 1000);
    expect((await t.request('GET', '/terms', body.id_token)).status).toBe(401);
    expect((await t.request('GET', '/terms', body.access_token)).status).toBe(200);
  });

  it('logs in a user created in the operator realm with the scopes given at creation', async () => {
    const user = await createUser(t, 'operator', operator, {
      scope: 'terms:read catalog:read',
      email: 'ops@example.com',
    });
    const body = await userLogin(t, 'operator', user);
    const claims = claimsOf(body.access_token);
    expect(body.scope).toBe('terms:read catalog:read');
    expect(claims).toMatchObject({ sub: user.id, realm: 'operator', scope: 'terms:read catalog:read' });
    expect(claims).not.toHaveProperty('customerId');
    expect(claimsOf(body.id_token)).toMatchObject({
      sub: user.id,
      email: 'ops@example.com',
      preferred_username: user.username,
    });
  });

  it("logs in a user of a customer's realm: issuer of that realm, its customerId, no operator scope", async () => {
    const tenant = await t.tenant();
    const user = await createUser(t, tenant.realm, tenant.token);
    const body = await userLogin(t, tenant.realm, user);
    const claims = claimsOf(body.access_token);
    expect(claims).toMatchObject({
      iss: `${ISSUER_BASE}/${tenant.realm}`,
      sub: user.id,
      realm: tenant.realm,
      azp: tenant.realm,
      customerId: tenant.customerId,
      sid: body.session_state,
    });
    expect(claims.scope.split(' ')).not.toContain('operator');
    expect(claims.scope.split(' ')).toContain('terms:write');
    expect(body.refresh_token).toEqual(expect.any(String));
  });

  it('narrows the granted scopes to the requested ones, comma or space separated', async () => {
    const spaced = (
      await tokenRequest(t, {
        realmName: 'operator',
        username: 'admin',
        password: ADMIN_PASSWORD,
        scope: 'terms:read unknown:thing',
      })
    ).body as Json;
    expect(spaced.scope).toBe('terms:read');
    expect(claimsOf(spaced.access_token).scope).toBe('terms:read');
    const commas = (
      await tokenRequest(t, {
        realmName: 'operator',
        username: 'admin',
        password: ADMIN_PASSWORD,
        scope: 'iam:read,terms:read',
      })
    ).body as Json;
    expect(commas.scope.split(' ').sort()).toEqual(['iam:read', 'terms:read']);
  });

  it('never widens: a user holding terms:read that asks for operator and terms:write gets terms:read only', async () => {
    const user = await createUser(t, 'operator', operator, { scope: 'terms:read' });
    const body = await userLogin(t, 'operator', user, { scope: 'operator terms:write terms:read' });
    expect(body.scope).toBe('terms:read');
    const onlyWider = await tokenRequest(t, {
      realmName: 'operator',
      username: user.username,
      password: user.password,
      scope: 'operator',
    });
    expectOAuthError(onlyWider, 400, 'invalid_scope');
  });
});

describe('POST /iam/tokens, password grant refusals', () => {
  it('answers 401 invalid_grant for a wrong password, an unknown user and an unknown realm, alike', async () => {
    const wrong = await tokenRequest(t, { realmName: 'operator', username: 'admin', password: 'not-the-password' });
    const unknownUser = await tokenRequest(t, {
      realmName: 'operator',
      username: unique('ghost'),
      password: 'whatever-it-is',
    });
    const unknownRealm = await tokenRequest(t, {
      realmName: unique('nowhere'),
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    for (const res of [wrong, unknownUser, unknownRealm]) expectOAuthError(res, 401, 'invalid_grant');
    expect((unknownUser.body as Json).message).toBe((wrong.body as Json).message);
    expect((unknownRealm.body as Json).message).toBe((wrong.body as Json).message);
  });

  it('does not log a user of one realm into another realm', async () => {
    const tenant = await t.tenant();
    const user = await createUser(t, tenant.realm, tenant.token);
    expectOAuthError(
      await tokenRequest(t, { realmName: 'operator', username: user.username, password: user.password }),
      401,
      'invalid_grant',
    );
  });

  it('answers 400 invalid_request naming the missing field', async () => {
    const noPassword = await tokenRequest(t, { realmName: 'operator', username: 'admin' });
    expectOAuthError(noPassword, 400, 'invalid_request');
    expect((noPassword.body as Json).message).toContain('password');
    const noRealm = await tokenRequest(t, { username: 'admin', password: ADMIN_PASSWORD });
    expectOAuthError(noRealm, 400, 'invalid_request');
    expect((noRealm.body as Json).message).toContain('realmName');
  });
});
