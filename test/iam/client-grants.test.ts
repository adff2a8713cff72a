import { describe, expect, it } from 'vitest';
import { CUSTOMER_SCOPES, OPERATOR_SCOPES } from '../../src/platform/auth/scopes.js';
import { useApp } from '../support/fixture.js';
import { OPERATOR_SECRET } from '../support/test-app.js';
import { claimsOf, expectOAuthError, type Json, termsStatus, tokenRequest, unique } from './iam-kit.js';

const { t } = await useApp();

describe('POST /iam/tokens, client_credentials grant', () => {
  it('issues an operator token from camelCase fields, without refresh or id token', async () => {
    const res = await tokenRequest(t, {
      realmName: 'operator',
      grantType: 'client_credentials',
      clientSecret: OPERATOR_SECRET,
    });
    expect(res.status).toBe(200);
    const body = res.body as Json;
    expect(body).not.toHaveProperty('refresh_token');
    expect(body).not.toHaveProperty('id_token');
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 300,
      refresh_expires_in: 0,
      'not-before-policy': 0,
    });
    expect(body.scope.split(' ').sort()).toEqual([...OPERATOR_SCOPES].sort());
    const claims = claimsOf(body.access_token);
    expect(claims).toMatchObject({
      iss: 'http://localhost:8080/iam/realms/operator',
      sub: 'client:operator',
      azp: 'operator',
      realm: 'operator',
      sid: body.session_state,
    });
    expect(claims).not.toHaveProperty('customerId');
    expect(await termsStatus(t, body.access_token)).toBe(200);
  });

  it('accepts the snake_case alternatives realm, client_id, client_secret and grant_type', async () => {
    const res = await tokenRequest(t, {
      realm: 'operator',
      client_id: 'operator',
      client_secret: OPERATOR_SECRET,
      grant_type: 'client_credentials',
    });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('refresh_token');
    expect(claimsOf((res.body as Json).access_token).sub).toBe('client:operator');
  });

  it("gives a customer's client every area scope but operator, and its customerId", async () => {
    const tenant = await t.tenant();
    const body = await t.token({
      realm: tenant.realm,
      grant_type: 'client_credentials',
      client_secret: tenant.clientSecret,
    });
    expect(body.scope.split(' ').sort()).toEqual([...CUSTOMER_SCOPES].sort());
    expect(claimsOf(body.access_token)).toMatchObject({
      realm: tenant.realm,
      azp: tenant.realm,
      customerId: tenant.customerId,
      sub: `client:${tenant.realm}`,
    });
  });

  it('never widens the scope: a customer asking for operator gets only what it holds, or 400 invalid_scope when nothing is left', async () => {
    const tenant = await t.tenant();
    const narrowed = await t.token({
      realmName: tenant.realm,
      grantType: 'client_credentials',
      clientSecret: tenant.clientSecret,
      scope: 'operator terms:read',
    });
    expect(narrowed.scope).toBe('terms:read');
    expect(claimsOf(narrowed.access_token).scope).toBe('terms:read');
    const onlyOperator = await tokenRequest(t, {
      realmName: tenant.realm,
      grantType: 'client_credentials',
      clientSecret: tenant.clientSecret,
      scope: 'operator',
    });
    expectOAuthError(onlyOperator, 400, 'invalid_scope');
  });

  it('answers 401 invalid_client for a wrong secret or an unknown realm, with the Basic challenge only to HTTP Basic (RFC 6749 §5.2)', async () => {
    const wrong = await tokenRequest(t, {
      realmName: 'operator',
      grantType: 'client_credentials',
      clientSecret: 'not-the-secret',
    });
    expectOAuthError(wrong, 401, 'invalid_client');
    // A browser would open its own sign-in prompt on the challenge: the secret came in the body, so there is none.
    expect(wrong.headers['www-authenticate']).toBeUndefined();
    const basic = await t.inject({
      method: 'POST',
      url: '/iam/tokens/oauth',
      headers: {
        authorization: `Basic ${Buffer.from('operator:not-the-secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'grant_type=client_credentials',
    });
    expect(basic.statusCode).toBe(401);
    expect(basic.headers['www-authenticate']).toMatch(/^Basic /);
    expectOAuthError(
      await tokenRequest(t, {
        realmName: unique('nowhere'),
        grantType: 'client_credentials',
        clientSecret: OPERATOR_SECRET,
      }),
      401,
      'invalid_client',
    );
  });

  it("refuses one realm's secret for another realm", async () => {
    const tenant = await t.tenant();
    expectOAuthError(
      await tokenRequest(t, {
        realmName: 'operator',
        grantType: 'client_credentials',
        clientSecret: tenant.clientSecret,
      }),
      401,
      'invalid_client',
    );
  });

  it('answers 400 invalid_request when the client secret is missing', async () => {
    const res = await tokenRequest(t, { realmName: 'operator', grantType: 'client_credentials' });
    expectOAuthError(res, 400, 'invalid_request');
    expect((res.body as Json).message).toContain('clientSecret');
  });
});

describe('POST /iam/tokens, end_user_credentials grant', () => {
  const endUser = (tenant: { realm: string; clientSecret: string; customerId: string }, extra: Json = {}) => ({
    grantType: 'end_user_credentials',
    realmName: tenant.realm,
    clientSecret: tenant.clientSecret,
    customerId: tenant.customerId,
    storeId: 'store-1',
    email: 'Shopper@Example.com',
    ...extra,
  });

  it('issues an end-user token with end-user scopes only, for the realm’s own customer', async () => {
    const tenant = await t.tenant();
    const res = await tokenRequest(t, endUser(tenant));
    expect(res.status).toBe(200);
    const body = res.body as Json;
    expect(body.scope.split(' ').sort()).toEqual(['catalog:read', 'recommendations:read']);
    expect(body.refresh_token).toEqual(expect.any(String));
    const claims = claimsOf(body.access_token);
    expect(claims).toMatchObject({
      realm: tenant.realm,
      customerId: tenant.customerId,
      email: 'Shopper@Example.com',
      storeId: 'store-1',
      scope: body.scope,
    });
    expect(claims.sub).toBe(`enduser:${tenant.customerId}:store-1:shopper@example.com`);
    expect(await termsStatus(t, body.access_token)).toBe(403);
  });

  it('accepts the registered extension grant URI for end_user_credentials (RFC 6749 §4.5)', async () => {
    const tenant = await t.tenant();
    const res = await tokenRequest(
      t,
      endUser(tenant, { grantType: 'urn:commerce-platform:params:oauth:grant-type:end-user-credentials' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(claimsOf((res.body as Json).access_token)).toMatchObject({
      sub: `enduser:${tenant.customerId}:store-1:shopper@example.com`,
      scope: 'catalog:read recommendations:read',
    });
  });

  it('keeps the end user’s identity claims in refreshed access tokens', async () => {
    const tenant = await t.tenant();
    const first = await t.token(endUser(tenant));
    const refreshed = await t.token({
      grantType: 'refresh_token',
      realmName: tenant.realm,
      refreshToken: first.refresh_token,
    });
    expect(claimsOf(refreshed.access_token)).toMatchObject({
      email: 'Shopper@Example.com',
      storeId: 'store-1',
      customerId: tenant.customerId,
    });
  });

  it('gives distinct subjects to end users whose store id and e-mail would join to the same text', async () => {
    const tenant = await t.tenant();
    const a = await t.token(endUser(tenant, { storeId: 's:x', email: 'y@example.com' }));
    const b = await t.token(endUser(tenant, { storeId: 's', email: 'x:y@example.com' }));
    expect(claimsOf(a.access_token).sub).not.toBe(claimsOf(b.access_token).sub);
    expect(claimsOf(a.access_token).sub).toBe(`enduser:${tenant.customerId}:s%3Ax:y@example.com`);
  });

  it('does not widen end-user scopes on request', async () => {
    const tenant = await t.tenant();
    const body = await t.token(endUser(tenant, { scope: 'catalog:read terms:write operator' }));
    expect(body.scope).toBe('catalog:read');
  });

  it('answers 400 for a customer other than the realm’s own', async () => {
    const tenant = await t.tenant();
    const other = await t.tenant();
    const res = await tokenRequest(t, endUser(tenant, { customerId: other.customerId }));
    expectOAuthError(res, 400, 'invalid_request');
  });

  it('lets the operator realm’s client issue end-user tokens for any customer', async () => {
    const body = await t.token({
      grantType: 'end_user_credentials',
      realmName: 'operator',
      clientSecret: OPERATOR_SECRET,
      customerId: 'cust-any',
      storeId: 's',
      email: 'a@b.c',
    });
    const claims = claimsOf(body.access_token);
    expect(claims).toMatchObject({ realm: 'operator', customerId: 'cust-any' });
    expect(claims.scope.split(' ')).not.toContain('operator');
  });

  it('answers 401 invalid_client for a wrong secret and 400 invalid_request for a missing storeId', async () => {
    const tenant = await t.tenant();
    expectOAuthError(await tokenRequest(t, endUser(tenant, { clientSecret: 'wrong-secret' })), 401, 'invalid_client');
    expectOAuthError(await tokenRequest(t, endUser(tenant, { storeId: undefined })), 400, 'invalid_request');
  });
});

describe('POST /iam/tokens, unsupported and malformed requests', () => {
  it('answers 400 unsupported_grant_type for idp_login when no identity provider is configured', async () => {
    expectOAuthError(
      await tokenRequest(t, { grantType: 'idp_login', realmName: 'operator', tokenId: 'x', provider: {} }),
      400,
      'unsupported_grant_type',
    );
  });

  it('answers 400 unsupported_grant_type for a grant it does not know, camelCase or snake_case', async () => {
    const camel = await tokenRequest(t, { grantType: 'implicit', realmName: 'operator' });
    expectOAuthError(camel, 400, 'unsupported_grant_type');
    expect((camel.body as Json).message).toContain('implicit');
    expectOAuthError(
      await tokenRequest(t, { grant_type: 'urn:ietf:params:oauth:grant-type:device_code' }),
      400,
      'unsupported_grant_type',
    );
  });

  it('answers 400 invalid_request, in the token error shape, for a body that is not JSON', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/iam/tokens',
      headers: { 'content-type': 'application/json' },
      payload: '{"realmName": "operator",',
    });
    expectOAuthError({ status: res.statusCode, body: res.json() }, 400, 'invalid_request');
  });

  it('answers 400 invalid_request naming the field for a value of the wrong type', async () => {
    const res = await tokenRequest(t, { realmName: 'operator', username: 'admin', password: 12345678 });
    expectOAuthError(res, 400, 'invalid_request');
    expect((res.body as Json).message).toBe('body.password must be of type string');
  });

  it('answers 400 invalid_request naming the field, never 500, for text PostgreSQL cannot store', async () => {
    const cases: [Json, string][] = [
      [{ realmName: 'oper\u0000ator', username: 'admin', password: 'x' }, 'realm'],
      [{ realmName: 'operator', username: 'ad\u0000min', password: 'x' }, 'username'],
      [{ realmName: 'operator', username: 'ad\ud800min', password: 'x' }, 'username'],
      [
        { realmName: 'operator', grantType: 'client_credentials', clientId: 'op\u0000', clientSecret: OPERATOR_SECRET },
        'clientId',
      ],
      [
        {
          realmName: 'operator',
          grantType: 'end_user_credentials',
          clientSecret: OPERATOR_SECRET,
          customerId: 'c',
          storeId: 's\u0000',
          email: 'a@b.c',
        },
        'storeId',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await tokenRequest(t, body);
      expectOAuthError(res, 400, 'invalid_request');
      expect((res.body as Json).message).toBe(`${field} must not contain NUL characters or unpaired surrogates`);
    }
  });

  it('answers 400 invalid_request for a request without a body', async () => {
    const res = await t.inject({ method: 'POST', url: '/iam/tokens' });
    expectOAuthError({ status: res.statusCode, body: res.json() }, 400, 'invalid_request');
  });
});
