import { decodeProtectedHeader } from 'jose';
import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { ADMIN_PASSWORD, OPERATOR_SECRET } from '../support/test-app.js';

/**
 * openid-client (panva), as an integrator would use it, on a real port: discovery from the RFC 8414 or OpenID
 * document, grants, introspection and revocation. PUBLIC_BASE_URL is the listening address, so the advertised
 * endpoints are the real ones.
 */
const END_USER_GRANT_URI = 'urn:commerce-platform:params:oauth:grant-type:end-user-credentials';

const { t, base } = await useApp({ listen: true, env: { TOKEN_RATE_LIMIT: '10000' } });

function discover(realm: string, secret: string, options: { algorithm: 'oidc' | 'oauth2'; auth: 'basic' | 'post' }) {
  const auth = options.auth === 'basic' ? client.ClientSecretBasic(secret) : client.ClientSecretPost(secret);
  return client.discovery(new URL(`${base}/iam/realms/${realm}`), realm, undefined, auth, {
    algorithm: options.algorithm,
    execute: [client.allowInsecureRequests],
  });
}

const termsStatus = async (token: string) =>
  (await fetch(`${base}/terms`, { headers: { authorization: `Bearer ${token}` } })).status;

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('openid-client against the OAuth endpoints', () => {
  it('discovers the operator realm from RFC 8414 metadata, gets a client_credentials token, introspects and revokes it', async () => {
    const config = await discover('operator', OPERATOR_SECRET, { algorithm: 'oauth2', auth: 'basic' });
    expect(config.serverMetadata()).toMatchObject({
      issuer: `${base}/iam/realms/operator`,
      token_endpoint: `${base}/iam/tokens/oauth`,
      revocation_endpoint: `${base}/iam/tokens/revoke`,
      introspection_endpoint: `${base}/iam/tokens/introspect`,
    });

    const tokens = await client.clientCredentialsGrant(config, { scope: 'terms:read' });
    expect(decodeProtectedHeader(tokens.access_token).typ).toBe('at+jwt');
    expect(await termsStatus(tokens.access_token)).toBe(200);

    const introspection = await client.tokenIntrospection(config, tokens.access_token);
    expect(introspection).toMatchObject({
      active: true,
      client_id: 'operator',
      sub: 'client:operator',
      scope: 'terms:read',
      token_type: 'Bearer',
      iss: `${base}/iam/realms/operator`,
    });

    await client.tokenRevocation(config, tokens.access_token);
    expect(await client.tokenIntrospection(config, tokens.access_token)).toEqual({ active: false });
    expect(await termsStatus(tokens.access_token)).toBe(401);
  });

  it("discovers a customer realm from its OpenID document with client_secret_post, runs the end-user extension grant and revokes the end user's refresh token", async () => {
    const tenant = await t.tenant();
    const config = await discover(tenant.realm, tenant.clientSecret, { algorithm: 'oidc', auth: 'post' });
    expect(config.serverMetadata().grant_types_supported).toContain(END_USER_GRANT_URI);

    const endUser = await client.genericGrantRequest(config, END_USER_GRANT_URI, {
      customerId: tenant.customerId,
      storeId: 'web',
      email: 'shopper@example.com',
    });
    expect(endUser.refresh_token).toEqual(expect.any(String));
    expect(
      await client.tokenIntrospection(config, endUser.refresh_token!, { token_type_hint: 'refresh_token' }),
    ).toMatchObject({
      active: true,
      token_type: 'refresh_token',
      sub: `enduser:${tenant.customerId}:web:shopper@example.com`,
      customerId: tenant.customerId,
      scope: 'catalog:read recommendations:read',
    });

    await client.tokenRevocation(config, endUser.refresh_token!, { token_type_hint: 'refresh_token' });
    expect((await client.tokenIntrospection(config, endUser.access_token)).active).toBe(false);
    const refused = await rejection(client.refreshTokenGrant(config, endUser.refresh_token!));
    expect(refused).toBeInstanceOf(client.ResponseBodyError);
    expect((refused as client.ResponseBodyError).error).toBe('invalid_grant');
  });

  it("runs the password grant (id token validated by the library), and a refresh; another realm's client sees the tokens as inactive", async () => {
    const config = await discover('operator', OPERATOR_SECRET, { algorithm: 'oidc', auth: 'basic' });
    const login = await client.genericGrantRequest(config, 'password', { username: 'admin', password: ADMIN_PASSWORD });
    expect(login.claims()).toMatchObject({
      iss: `${base}/iam/realms/operator`,
      aud: 'operator',
      preferred_username: 'admin',
    });
    const refreshed = await client.refreshTokenGrant(config, login.refresh_token!);
    expect((await client.tokenIntrospection(config, refreshed.refresh_token!)).active).toBe(true);

    const tenant = await t.tenant();
    const stranger = await discover(tenant.realm, tenant.clientSecret, { algorithm: 'oauth2', auth: 'basic' });
    expect(await client.tokenIntrospection(stranger, refreshed.access_token)).toEqual({ active: false });
    await client.tokenRevocation(stranger, refreshed.refresh_token!);
    expect((await client.tokenIntrospection(config, refreshed.refresh_token!)).active).toBe(true);
  });

  it('surfaces a wrong client secret on introspection as a 401 Basic challenge', async () => {
    const config = await discover('operator', 'not-the-secret', { algorithm: 'oauth2', auth: 'basic' });
    const error = await rejection(client.tokenIntrospection(config, 'any-token'));
    expect(error).toBeInstanceOf(client.WWWAuthenticateChallengeError);
    expect((error as client.WWWAuthenticateChallengeError).status).toBe(401);
    expect((error as client.WWWAuthenticateChallengeError).cause[0]?.scheme).toBe('basic');
  });
});
