import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { ADMIN_PASSWORD, OPERATOR_SECRET } from '../support/test-app.js';
import { claimsOf, expectOAuthError, type Json, termsStatus } from './iam-kit.js';

const { t } = await useApp();

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

async function oauth(options: { payload?: string; query?: string; headers?: Record<string, string> }) {
  const res = await t.inject({
    method: 'POST',
    url: `/iam/tokens/oauth${options.query ? `?${options.query}` : ''}`,
    headers: options.headers,
    payload: options.payload,
  });
  return { status: res.statusCode, body: res.json() as Json, headers: res.headers };
}

describe('POST /iam/tokens/oauth (RFC 6749 token endpoint)', () => {
  it('accepts an application/x-www-form-urlencoded client_credentials request and forbids caching the answer', async () => {
    const res = await oauth({
      headers: FORM,
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'operator',
        client_secret: OPERATOR_SECRET,
      }).toString(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', 'not-before-policy': 0 });
    expect(res.body).not.toHaveProperty('refresh_token');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.pragma).toBe('no-cache');
    expect(claimsOf(res.body.access_token)).toMatchObject({ sub: 'client:operator', realm: 'operator' });
    expect(await termsStatus(t, res.body.access_token)).toBe(200);
  });

  it('authenticates the client by HTTP Basic (client id = realm name)', async () => {
    const res = await oauth({
      headers: { ...FORM, authorization: basic('operator', OPERATOR_SECRET) },
      payload: 'grant_type=client_credentials&scope=terms%3Aread',
    });
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe('terms:read');
    expect(claimsOf(res.body.access_token)).toMatchObject({ azp: 'operator', realm: 'operator' });
  });

  it("authenticates a customer's client by HTTP Basic with its realm name and secret", async () => {
    const tenant = await t.tenant();
    const res = await oauth({
      headers: { ...FORM, authorization: basic(tenant.realm, tenant.clientSecret) },
      payload: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(200);
    expect(claimsOf(res.body.access_token)).toMatchObject({ realm: tenant.realm, customerId: tenant.customerId });
  });

  it('answers 401 invalid_client for HTTP Basic with a wrong secret', async () => {
    const res = await oauth({
      headers: { ...FORM, authorization: basic('operator', 'wrong') },
      payload: 'grant_type=client_credentials',
    });
    expectOAuthError(res, 401, 'invalid_client', '/iam/tokens/oauth');
  });

  it('answers 401 invalid_client, not a server error, for Basic credentials that are not form-encoded', async () => {
    const raw = `Basic ${Buffer.from('operator:50%off').toString('base64')}`;
    expectOAuthError(
      await oauth({ headers: { ...FORM, authorization: raw }, payload: 'grant_type=client_credentials' }),
      401,
      'invalid_client',
      '/iam/tokens/oauth',
    );
  });

  it('takes the request from query parameters alone, without a body', async () => {
    const query = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'operator',
      client_secret: OPERATOR_SECRET,
      scope: 'iam:read',
    }).toString();
    const res = await oauth({ query });
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe('iam:read');
  });

  it('lets body fields win over query parameters', async () => {
    const res = await oauth({
      query: 'grant_type=client_credentials&scope=iam%3Aread',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ realm: 'operator', client_secret: OPERATOR_SECRET, scope: 'terms:read' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe('terms:read');
  });

  it('accepts a JSON TokenRequest body with camelCase fields', async () => {
    const res = await oauth({
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        realmName: 'operator',
        grantType: 'client_credentials',
        clientSecret: OPERATOR_SECRET,
      }),
    });
    expect(res.status).toBe(200);
    expect(claimsOf(res.body.access_token).sub).toBe('client:operator');
  });

  it('runs the password grant from a form, with refresh and id tokens', async () => {
    const res = await oauth({
      headers: FORM,
      payload: new URLSearchParams({
        grant_type: 'password',
        realm: 'operator',
        username: 'admin',
        password: ADMIN_PASSWORD,
      }).toString(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      refresh_token: expect.any(String),
      id_token: expect.any(String),
      session_state: expect.any(String),
    });
  });

  it('rotates the refresh token on a form refresh_token request authenticated by HTTP Basic', async () => {
    const login = await t.token({ realmName: 'operator', username: 'admin', password: ADMIN_PASSWORD });
    const res = await oauth({
      headers: { ...FORM, authorization: basic('operator', OPERATOR_SECRET) },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: login.refresh_token }).toString(),
    });
    expect(res.status).toBe(200);
    expect(res.body.refresh_token).not.toBe(login.refresh_token);
    expect(res.body.session_state).toBe(login.session_state);
  });

  it('issues an end-user token for the extension grant URI, from a form with HTTP Basic', async () => {
    const tenant = await t.tenant();
    const form = {
      grant_type: 'urn:commerce-platform:params:oauth:grant-type:end-user-credentials',
      customerId: tenant.customerId,
      storeId: 'store-9',
      email: 'buyer@example.com',
    };
    const res = await oauth({
      headers: { ...FORM, authorization: basic(tenant.realm, tenant.clientSecret) },
      payload: new URLSearchParams(form).toString(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.refresh_token).toEqual(expect.any(String));
    expect(claimsOf(res.body.access_token)).toMatchObject({
      sub: `enduser:${tenant.customerId}:store-9:buyer@example.com`,
      client_id: tenant.realm,
      scope: 'catalog:read recommendations:read',
    });
  });

  it('answers 400 unsupported_grant_type for an unknown grant in a form', async () => {
    expectOAuthError(
      await oauth({ headers: FORM, payload: 'grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=abc' }),
      400,
      'unsupported_grant_type',
      '/iam/tokens/oauth',
    );
    expectOAuthError(
      await oauth({ headers: FORM, payload: 'grant_type=__proto__' }),
      400,
      'unsupported_grant_type',
      '/iam/tokens/oauth',
    );
  });

  it('answers 400 invalid_request, never 500, for a NUL in a query parameter', async () => {
    expectOAuthError(
      await oauth({ query: 'grant_type=client_credentials&client_id=op%00&client_secret=x' }),
      400,
      'invalid_request',
      '/iam/tokens/oauth',
    );
  });

  it('answers 400 invalid_request when the client is not named anywhere', async () => {
    expectOAuthError(
      await oauth({ headers: FORM, payload: 'grant_type=client_credentials&client_secret=x' }),
      400,
      'invalid_request',
      '/iam/tokens/oauth',
    );
  });
});
