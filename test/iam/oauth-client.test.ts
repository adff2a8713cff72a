import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { ADMIN_PASSWORD, OPERATOR_SECRET } from '../support/test-app.js';
import type { Json } from './iam-kit.js';

/**
 * Real clients on a real port: oauth4webapi discovers the realm and runs the grants, jose verifies the tokens
 * against /iam/jwks. PUBLIC_BASE_URL is the listening address, so issuers and endpoint URLs are the real ones.
 */
const insecure = { [oauth.allowInsecureRequests]: true };

const { t, base } = await useApp({ listen: true });

async function discover(realm: string): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(`${base}/iam/realms/${realm}`);
  return oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...insecure }),
  );
}

describe('a real OAuth client (oauth4webapi) against /iam/tokens/oauth', () => {
  it('discovers the operator realm, gets a client_credentials token with HTTP Basic, and jose verifies it against /iam/jwks', async () => {
    const as = await discover('operator');
    expect(as).toMatchObject({
      issuer: `${base}/iam/realms/operator`,
      token_endpoint: `${base}/iam/tokens/oauth`,
      jwks_uri: `${base}/iam/jwks`,
    });
    const client: oauth.Client = { client_id: 'operator' };
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(OPERATOR_SECRET),
      new URLSearchParams({ scope: 'terms:read terms:write' }),
      insecure,
    );
    const result = await oauth.processClientCredentialsResponse(as, client, response);
    expect(result.token_type).toBe('bearer'); // oauth4webapi lower-cases it
    expect(result.scope).toBe('terms:read terms:write');
    expect(result.refresh_token).toBeUndefined();

    const jwks = createRemoteJWKSet(new URL(as.jwks_uri!));
    const { payload, protectedHeader } = await jwtVerify(result.access_token, jwks, {
      issuer: as.issuer,
      algorithms: ['RS256'],
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      sub: 'client:operator',
      azp: 'operator',
      realm: 'operator',
      scope: 'terms:read terms:write',
    });

    const terms = await fetch(`${base}/terms`, { headers: { authorization: `Bearer ${result.access_token}` } });
    expect(terms.status).toBe(200);
  });

  it("gets a customer's token with client_secret_post, verified with the customer realm's issuer", async () => {
    const tenant = await t.tenant();
    const as = await discover(tenant.realm);
    const client: oauth.Client = { client_id: tenant.realm };
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(tenant.clientSecret),
      new URLSearchParams(),
      insecure,
    );
    const result = await oauth.processClientCredentialsResponse(as, client, response);
    const { payload } = await jwtVerify(result.access_token, createRemoteJWKSet(new URL(as.jwks_uri!)), {
      issuer: `${base}/iam/realms/${tenant.realm}`,
    });
    expect(payload.customerId).toBe(tenant.customerId);
  });

  it('runs the password grant (id_token validated by oauth4webapi) and then a rotating refresh', async () => {
    const as = await discover('operator');
    const client: oauth.Client = { client_id: 'operator' };
    const auth = oauth.ClientSecretBasic(OPERATOR_SECRET);
    const login = await oauth.processGenericTokenEndpointResponse(
      as,
      client,
      await oauth.genericTokenEndpointRequest(
        as,
        client,
        auth,
        'password',
        new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD }),
        insecure,
      ),
    );
    const idClaims = oauth.getValidatedIdTokenClaims(login)!;
    expect(idClaims).toMatchObject({ iss: as.issuer, aud: 'operator', preferred_username: 'admin' });
    expect(login.refresh_token).toEqual(expect.any(String));

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, auth, login.refresh_token!, insecure),
    );
    expect(refreshed.refresh_token).toEqual(expect.any(String));
    expect(refreshed.refresh_token).not.toBe(login.refresh_token);
    const { payload } = await jwtVerify(refreshed.access_token, createRemoteJWKSet(new URL(as.jwks_uri!)), {
      issuer: as.issuer,
    });
    expect(payload.sub).toBe(idClaims.sub);
  });

  it('answers a wrong client secret with the Basic challenge and the OAuth error invalid_client, as the client reads them', async () => {
    const as = await discover('operator');
    const client: oauth.Client = { client_id: 'operator' };
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic('not-the-secret'),
      new URLSearchParams(),
      insecure,
    );
    const error = await oauth.processClientCredentialsResponse(as, client, response).then(
      () => undefined,
      (e: unknown) => e,
    );
    // RFC 6749 §5.2: a 401 for a client using HTTP Basic carries WWW-Authenticate; oauth4webapi surfaces that challenge.
    expect(error).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    const challenge = error as oauth.WWWAuthenticateChallengeError;
    expect(challenge.status).toBe(401);
    expect(challenge.cause[0]?.scheme).toBe('basic');
    expect(await challenge.response.json()).toMatchObject({ error: 'invalid_client', status: 401 });
  });
});

describe('GET /iam/jwks', () => {
  it('publishes RS256 public keys with a kid, and the kid of issued tokens is among them', async () => {
    const res = await fetch(`${base}/iam/jwks`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('max-age');
    const { keys } = (await res.json()) as { keys: Json[] };
    expect(keys.length).toBeGreaterThanOrEqual(1);
    for (const key of keys) {
      expect(key).toMatchObject({
        kty: 'RSA',
        alg: 'RS256',
        use: 'sig',
        kid: expect.any(String),
        n: expect.any(String),
        e: 'AQAB',
      });
      for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(secret);
    }
    const token = (
      await t.token({ realmName: 'operator', grantType: 'client_credentials', clientSecret: OPERATOR_SECRET })
    ).access_token;
    expect(keys.map((k) => k.kid)).toContain(decodeProtectedHeader(token).kid);
  });
});

describe('GET /iam/realms/{realm}/.well-known/openid-configuration', () => {
  it('describes the operator realm: issuer, endpoints, grants, client authentication methods and scopes', async () => {
    const res = await fetch(`${base}/iam/realms/operator/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Json;
    expect(doc).toMatchObject({
      issuer: `${base}/iam/realms/operator`,
      token_endpoint: `${base}/iam/tokens/oauth`,
      jwks_uri: `${base}/iam/jwks`,
      id_token_signing_alg_values_supported: ['RS256'],
      token_endpoint_auth_methods_supported: expect.arrayContaining(['client_secret_basic', 'client_secret_post']),
      grant_types_supported: expect.arrayContaining(['password', 'client_credentials', 'refresh_token']),
    });
    expect(doc.scopes_supported).toContain('operator');
    // No identity provider is configured, so idp_login is not offered.
    expect(doc.grant_types_supported).toEqual([
      'password',
      'refresh_token',
      'client_credentials',
      'authorization_code',
      'end_user_credentials',
      'urn:commerce-platform:params:oauth:grant-type:end-user-credentials',
    ]);
  });

  it("lists only the customer realm's own scopes for a customer realm", async () => {
    const tenant = await t.tenant();
    const doc = (await (
      await fetch(`${base}/iam/realms/${tenant.realm}/.well-known/openid-configuration`)
    ).json()) as Json;
    expect(doc.issuer).toBe(`${base}/iam/realms/${tenant.realm}`);
    expect(doc.scopes_supported).toContain('terms:read');
    expect(doc.scopes_supported).not.toContain('operator');
  });

  it('answers 404 in the simple error shape for a realm that does not exist', async () => {
    const res = await fetch(`${base}/iam/realms/no-such-realm/.well-known/openid-configuration`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: 'Not Found',
      message: expect.stringContaining('no-such-realm'),
      path: '/iam/realms/no-such-realm/.well-known/openid-configuration',
      status: 404,
      timestamp: expect.any(Number),
    });
  });

  it('answers 404, never 500, for a realm name PostgreSQL cannot store', async () => {
    expect((await fetch(`${base}/iam/realms/a%00b/.well-known/openid-configuration`)).status).toBe(404);
  });
});
