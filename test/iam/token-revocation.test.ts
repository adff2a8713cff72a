import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { OPERATOR_SECRET } from '../support/test-app.js';
import {
  adminLogin,
  basicAuth,
  claimsOf,
  expectOAuthError,
  type Json,
  postForm,
  signWithPlatformKey,
  termsStatus,
  tokenRequest,
} from './iam-kit.js';

/** POST /iam/tokens/revoke (RFC 7009): a client ends the session of one of its realm's tokens. */
let operatorClient: string;
const { t } = await useApp({ env: { TOKEN_RATE_LIMIT: '10000' } });
beforeAll(async () => {
  operatorClient = basicAuth('operator', OPERATOR_SECRET);
});

const PATH = '/iam/tokens/revoke';
const revoke = (token: string, authorization = operatorClient, extra: Record<string, string> = {}) =>
  postForm(t, PATH, { token, ...extra }, { authorization });
const refresh = (refreshToken: string) =>
  tokenRequest(t, { grantType: 'refresh_token', realmName: 'operator', refreshToken });

function expectRevokeAnswer(res: { status: number; text: string; headers: Record<string, unknown> }) {
  expect(res.status, res.text).toBe(200);
  expect(res.text).toBe('');
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('POST /iam/tokens/revoke ends sessions', () => {
  it('revoking a refresh token ends its session: the refresh token is refused and the access token gets 401', async () => {
    const login = await adminLogin(t);
    expectRevokeAnswer(await revoke(login.refresh_token, operatorClient, { token_type_hint: 'refresh_token' }));
    expectOAuthError(await refresh(login.refresh_token), 400, 'invalid_grant');
    expect(await termsStatus(t, login.access_token)).toBe(401);
  });

  it('revoking an access token ends its session too: the refresh token of that session stops working', async () => {
    const login = await adminLogin(t);
    expectRevokeAnswer(await revoke(login.access_token, operatorClient, { token_type_hint: 'access_token' }));
    expect(await termsStatus(t, login.access_token)).toBe(401);
    expectOAuthError(await refresh(login.refresh_token), 400, 'invalid_grant');
  });

  it('ends only that session: another login of the same user keeps working', async () => {
    const first = await adminLogin(t);
    const second = await adminLogin(t);
    expectRevokeAnswer(await revoke(first.refresh_token));
    expect(await termsStatus(t, second.access_token)).toBe(200);
    expect((await refresh(second.refresh_token)).status).toBe(200);
  });

  it('finds the token whatever token_type_hint says', async () => {
    const login = await adminLogin(t);
    expectRevokeAnswer(await revoke(login.access_token, operatorClient, { token_type_hint: 'refresh_token' }));
    expect(await termsStatus(t, login.access_token)).toBe(401);
  });

  it('revokes a client_credentials token, with client_id and client_secret in a form body or a JSON body', async () => {
    const a = await t.token({ realmName: 'operator', grantType: 'client_credentials', clientSecret: OPERATOR_SECRET });
    expectRevokeAnswer(
      await postForm(t, PATH, { token: a.access_token, client_id: 'operator', client_secret: OPERATOR_SECRET }),
    );
    expect(await termsStatus(t, a.access_token)).toBe(401);
    const b = await t.token({ realmName: 'operator', grantType: 'client_credentials', clientSecret: OPERATOR_SECRET });
    const json = await t.request('POST', PATH, undefined, {
      token: b.access_token,
      client_id: 'operator',
      client_secret: OPERATOR_SECRET,
    });
    expect(json.status).toBe(200);
    expect(await termsStatus(t, b.access_token)).toBe(401);
  });

  it("lets a customer's client revoke its own realm's tokens", async () => {
    const tenant = await t.tenant();
    expectRevokeAnswer(await revoke(tenant.token, basicAuth(tenant.realm, tenant.clientSecret)));
    expect(await termsStatus(t, tenant.token)).toBe(401);
  });

  it('ends the session of an expired access token: the client may log out with the only token it has left', async () => {
    const login = await adminLogin(t);
    const now = Math.floor(Date.now() / 1000);
    const expired = await signWithPlatformKey(
      t,
      { ...claimsOf(login.access_token), iat: now - 400, exp: now - 60 },
      { typ: 'at+jwt' },
    );
    expectRevokeAnswer(await revoke(expired));
    expectOAuthError(await refresh(login.refresh_token), 400, 'invalid_grant');
  });

  it('ends the session of a rotated refresh token, as its reuse on the token endpoint would', async () => {
    const login = await adminLogin(t);
    const rotated = await t.token({
      grantType: 'refresh_token',
      realmName: 'operator',
      refreshToken: login.refresh_token,
      clientSecret: OPERATOR_SECRET,
    });
    expectRevokeAnswer(await revoke(login.refresh_token));
    expectOAuthError(await refresh(rotated.refresh_token), 400, 'invalid_grant');
  });

  it('answers 200 again for a token already revoked', async () => {
    const login = await adminLogin(t);
    expectRevokeAnswer(await revoke(login.refresh_token));
    expectRevokeAnswer(await revoke(login.refresh_token));
    expectRevokeAnswer(await revoke(login.access_token));
  });
});

describe('POST /iam/tokens/revoke changes nothing, and says 200, for tokens it cannot revoke (RFC 7009 §2.2)', () => {
  it('answers 200 for an unknown token, a malformed JWT and a forged one', async () => {
    expectRevokeAnswer(await revoke('not-a-token-we-issued'));
    expectRevokeAnswer(await revoke('a.b.c'));
    const login = await adminLogin(t);
    const [header, , signature] = login.access_token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claimsOf(login.access_token), sub: 'x' })).toString('base64url')}.${signature}`;
    expectRevokeAnswer(await revoke(forged));
    expect(await termsStatus(t, login.access_token)).toBe(200);
  });

  it("does not revoke another realm's token, both ways, yet answers 200", async () => {
    const tenant = await t.tenant();
    const login = await adminLogin(t);
    const tenantClient = basicAuth(tenant.realm, tenant.clientSecret);
    expectRevokeAnswer(await revoke(login.access_token, tenantClient));
    expectRevokeAnswer(await revoke(login.refresh_token, tenantClient));
    expectRevokeAnswer(await revoke(tenant.token, operatorClient));
    expect(await termsStatus(t, login.access_token)).toBe(200);
    expect((await refresh(login.refresh_token)).status).toBe(200);
    expect(await termsStatus(t, tenant.token)).toBe(200);
  });

  it('does not end a session for its id token: an id token is not an access token', async () => {
    const login = await adminLogin(t);
    expectRevokeAnswer(await revoke(login.id_token));
    expect(await termsStatus(t, login.access_token)).toBe(200);
  });
});

describe('POST /iam/tokens/revoke refusals', () => {
  it('answers 401 invalid_client with the Basic challenge without client authentication, and revokes nothing', async () => {
    const login = await adminLogin(t);
    const res = await postForm(t, PATH, { token: login.refresh_token });
    expectOAuthError(res, 401, 'invalid_client', PATH);
    expect(res.headers['www-authenticate']).toMatch(/^Basic/);
    expect(await termsStatus(t, login.access_token)).toBe(200);
  });

  it('answers 401 invalid_client for a wrong secret, and revokes nothing', async () => {
    const login = await adminLogin(t);
    expectOAuthError(await revoke(login.access_token, basicAuth('operator', 'wrong')), 401, 'invalid_client', PATH);
    expect(await termsStatus(t, login.access_token)).toBe(200);
  });

  it('answers 400 invalid_request without a token, or for repeated token fields', async () => {
    expectOAuthError(await postForm(t, PATH, {}, { authorization: operatorClient }), 400, 'invalid_request', PATH);
    expectOAuthError(
      await postForm(t, PATH, 'token=a&token=b', { authorization: operatorClient }),
      400,
      'invalid_request',
      PATH,
    );
  });

  it('answers 400 invalid_request for a body that is not valid JSON', async () => {
    const res = await t.inject({
      method: 'POST',
      url: PATH,
      headers: { 'content-type': 'application/json', authorization: operatorClient },
      payload: '{"token":',
    });
    expectOAuthError({ status: res.statusCode, body: res.json() as Json }, 400, 'invalid_request', PATH);
  });
});
