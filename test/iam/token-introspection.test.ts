import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { OPERATOR_SECRET } from '../support/test-app.js';
import {
  adminLogin,
  basicAuth,
  claimsOf,
  createUser,
  expectOAuthError,
  type Json,
  postForm,
  signWithPlatformKey,
  userLogin,
} from './iam-kit.js';

/** POST /iam/tokens/introspect (RFC 7662): what a client learns about a token of its own realm, and nothing else. */
let operatorClient: string;
const { t } = await useApp({ env: { TOKEN_RATE_LIMIT: '10000' } });
beforeAll(async () => {
  operatorClient = basicAuth('operator', OPERATOR_SECRET);
});

const PATH = '/iam/tokens/introspect';
const introspect = (token: string, authorization = operatorClient, extra: Record<string, string> = {}) =>
  postForm(t, PATH, { token, ...extra }, { authorization });
const clientToken = async () =>
  (await t.token({ realmName: 'operator', grantType: 'client_credentials', clientSecret: OPERATOR_SECRET })) as Json;

async function expectInactive(token: string, authorization = operatorClient) {
  const res = await introspect(token, authorization);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toEqual({ active: false });
}

describe('POST /iam/tokens/introspect, active tokens', () => {
  it('describes a live access token with its claims, and forbids caching the answer', async () => {
    const issued = await clientToken();
    const claims = claimsOf(issued.access_token);
    const res = await introspect(issued.access_token);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      active: true,
      scope: issued.scope,
      client_id: 'operator',
      sub: 'client:operator',
      aud: 'operator',
      exp: claims.exp,
      iat: claims.iat,
      iss: 'http://localhost:8080/iam/realms/operator',
      token_type: 'Bearer',
      realm: 'operator',
      sid: issued.session_state,
      jti: claims.jti,
    });
  });

  it("describes a live refresh token: its session's scope, subject, client, expiry and customerId", async () => {
    const tenant = await t.tenant();
    const user = await createUser(t, tenant.realm, tenant.token, { scope: 'terms:read iam:read' });
    const login = await userLogin(t, tenant.realm, user);
    const before = Math.floor(Date.now() / 1000);
    const res = await introspect(login.refresh_token, basicAuth(tenant.realm, tenant.clientSecret));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      active: true,
      scope: 'terms:read iam:read',
      client_id: tenant.realm,
      sub: user.id,
      exp: expect.any(Number),
      iat: expect.any(Number),
      iss: `http://localhost:8080/iam/realms/${tenant.realm}`,
      token_type: 'refresh_token',
      realm: tenant.realm,
      customerId: tenant.customerId,
      sid: login.session_state,
      jti: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    // The session lives REFRESH_TOKEN_TTL (1800 s) from its last refresh.
    expect(res.body.exp - before).toBeGreaterThanOrEqual(1795);
    expect(res.body.exp - before).toBeLessThanOrEqual(1805);
    expect(Math.abs(res.body.iat - before)).toBeLessThanOrEqual(5);
  });

  it("carries the customerId of a customer's access token, and none for the operator's", async () => {
    const tenant = await t.tenant();
    const res = await introspect(tenant.token, basicAuth(tenant.realm, tenant.clientSecret));
    expect(res.body).toMatchObject({
      active: true,
      customerId: tenant.customerId,
      client_id: tenant.realm,
      realm: tenant.realm,
    });
    expect((await introspect((await clientToken()).access_token)).body).not.toHaveProperty('customerId');
  });

  it('takes client_id and client_secret in a form body (client_secret_post), or a JSON body', async () => {
    const { access_token } = await clientToken();
    const form = await postForm(t, PATH, {
      token: access_token,
      client_id: 'operator',
      client_secret: OPERATOR_SECRET,
    });
    expect(form.body.active).toBe(true);
    const json = await t.request('POST', PATH, undefined, {
      token: access_token,
      client_id: 'operator',
      client_secret: OPERATOR_SECRET,
    });
    expect((json.body as Json).active).toBe(true);
  });

  it('finds the token whatever token_type_hint says', async () => {
    const login = await adminLogin(t);
    expect(
      (await introspect(login.access_token, operatorClient, { token_type_hint: 'refresh_token' })).body.active,
    ).toBe(true);
    expect(
      (await introspect(login.refresh_token, operatorClient, { token_type_hint: 'access_token' })).body.active,
    ).toBe(true);
    expect(
      (await introspect(login.refresh_token, operatorClient, { token_type_hint: 'something_else' })).body.active,
    ).toBe(true);
  });
});

describe('POST /iam/tokens/introspect, inactive tokens', () => {
  it('answers {active: false} for an unknown token, a malformed JWT or an empty-looking string', async () => {
    await expectInactive('not-a-token-we-issued');
    await expectInactive('a.b.c');
    await expectInactive(`${(await clientToken()).access_token}x`);
  });

  it('answers {active: false} for an expired access token, even one signed with the platform key', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = claimsOf((await clientToken()).access_token);
    const live = await signWithPlatformKey(t, { ...claims, iat: now - 60, exp: now + 60 }, { typ: 'at+jwt' });
    expect((await introspect(live)).body.active).toBe(true);
    await expectInactive(await signWithPlatformKey(t, { ...claims, iat: now - 400, exp: now - 60 }, { typ: 'at+jwt' }));
  });

  it('answers {active: false} for both tokens of a session ended by logout', async () => {
    const login = await adminLogin(t);
    await t.request('DELETE', '/iam/tokens/invalidate', login.access_token);
    await expectInactive(login.access_token);
    await expectInactive(login.refresh_token);
  });

  it('answers {active: false} for a rotated refresh token, while its successor is active', async () => {
    const login = await adminLogin(t);
    const rotated = await t.token({
      grantType: 'refresh_token',
      realmName: 'operator',
      refreshToken: login.refresh_token,
      clientSecret: OPERATOR_SECRET,
    });
    await expectInactive(login.refresh_token);
    expect((await introspect(rotated.refresh_token)).body.active).toBe(true);
  });

  it('answers {active: false} for a refresh token whose session has expired', async () => {
    const login = await adminLogin(t);
    await t.built.db.query("UPDATE iam_sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [
      login.session_state,
    ]);
    await expectInactive(login.refresh_token);
  });

  it('answers {active: false} for an id token: it is not an access token', async () => {
    await expectInactive((await adminLogin(t)).id_token);
  });

  it("answers {active: false} for another realm's tokens, both ways, and they stay active for their own realm", async () => {
    const tenant = await t.tenant();
    const tenantClient = basicAuth(tenant.realm, tenant.clientSecret);
    const login = await adminLogin(t);
    await expectInactive(login.access_token, tenantClient);
    await expectInactive(login.refresh_token, tenantClient);
    await expectInactive(tenant.token, operatorClient);
    expect((await introspect(tenant.token, tenantClient)).body.active).toBe(true);
    expect((await introspect(login.access_token)).body.active).toBe(true);
  });
});

describe('POST /iam/tokens/introspect, refusals', () => {
  it('answers 401 invalid_client with the Basic challenge without client authentication, revealing nothing', async () => {
    const { access_token } = await clientToken();
    const res = await postForm(t, PATH, { token: access_token });
    expectOAuthError(res, 401, 'invalid_client', PATH);
    expect(res.headers['www-authenticate']).toMatch(/^Basic/);
    expect(res.text).not.toContain('operator');
  });

  it('answers 401 invalid_client for a wrong secret, an unknown client, or a bearer token instead of client credentials', async () => {
    const { access_token } = await clientToken();
    expectOAuthError(await introspect(access_token, basicAuth('operator', 'wrong')), 401, 'invalid_client', PATH);
    expectOAuthError(
      await introspect(access_token, basicAuth('no-such-realm', OPERATOR_SECRET)),
      401,
      'invalid_client',
      PATH,
    );
    expectOAuthError(await introspect(access_token, `Bearer ${access_token}`), 401, 'invalid_client', PATH);
  });

  it("refuses one realm's secret for another realm's client", async () => {
    const tenant = await t.tenant();
    expectOAuthError(
      await introspect(tenant.token, basicAuth(tenant.realm, OPERATOR_SECRET)),
      401,
      'invalid_client',
      PATH,
    );
  });

  it('refuses the old client secret at once after a rotation, though it was accepted just before', async () => {
    const tenant = await t.tenant();
    const oldClient = basicAuth(tenant.realm, tenant.clientSecret);
    expect((await introspect(tenant.token, oldClient)).body.active).toBe(true);
    const { clientSecret } = await t.built.db.transaction((tx) =>
      t.built.iam.realms.rotateClientSecret(tx, tenant.realm),
    );
    expectOAuthError(await introspect(tenant.token, oldClient), 401, 'invalid_client', PATH);
    expect((await introspect(tenant.token, basicAuth(tenant.realm, clientSecret))).body.active).toBe(true);
  });

  it('answers 400 invalid_request without a token, or for a token that is not a string', async () => {
    expectOAuthError(await postForm(t, PATH, {}, { authorization: operatorClient }), 400, 'invalid_request', PATH);
    const res = await t.request('POST', PATH, undefined, { token: 5 }, { authorization: operatorClient });
    expectOAuthError(res, 400, 'invalid_request', PATH);
    expect((res.body as Json).message).toContain('token');
  });

  it('answers 400 invalid_request, never 500, for client credentials PostgreSQL cannot store', async () => {
    expectOAuthError(
      await postForm(t, PATH, { token: 'x', client_id: 'oper\u0000ator', client_secret: 's' }),
      400,
      'invalid_request',
      PATH,
    );
  });

  it('answers 415 for a body that is neither a form nor JSON', async () => {
    const res = await t.inject({
      method: 'POST',
      url: PATH,
      headers: { 'content-type': 'text/plain', authorization: operatorClient },
      payload: 'token=x',
    });
    expect(res.statusCode).toBe(415);
  });
});
