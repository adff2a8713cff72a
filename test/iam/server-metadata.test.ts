import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { expectSimpleError, type Json } from './iam-kit.js';

/** What a client library finds about a realm: RFC 8414 metadata, the OpenID discovery document, the OpenAPI entries. */
const { t } = await useApp();

const BASE = 'http://localhost:8080';
const END_USER_GRANT_URI = 'urn:commerce-platform:params:oauth:grant-type:end-user-credentials';
const rfc8414 = (realm: string) => `/.well-known/oauth-authorization-server/iam/realms/${realm}`;
const oidc = (realm: string) => `/iam/realms/${realm}/.well-known/openid-configuration`;

describe('GET /.well-known/oauth-authorization-server/iam/realms/{realm} (RFC 8414)', () => {
  it('describes the realm without a token: issuer, token, revocation, introspection and key endpoints, grants and client authentication', async () => {
    const res = await t.request('GET', rfc8414('operator'), undefined);
    expect(res.status).toBe(200);
    const methods = ['client_secret_basic', 'client_secret_post'];
    expect(res.body).toMatchObject({
      issuer: `${BASE}/iam/realms/operator`,
      authorization_endpoint: `${BASE}/iam/realms/operator/authorize`,
      end_session_endpoint: `${BASE}/iam/realms/operator/logout`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      authorization_response_iss_parameter_supported: true,
      token_endpoint: `${BASE}/iam/tokens/oauth`,
      revocation_endpoint: `${BASE}/iam/tokens/revoke`,
      introspection_endpoint: `${BASE}/iam/tokens/introspect`,
      jwks_uri: `${BASE}/iam/jwks`,
      // `none`: the public console client, which proves its codes with PKCE.
      token_endpoint_auth_methods_supported: [...methods, 'none'],
      revocation_endpoint_auth_methods_supported: methods,
      introspection_endpoint_auth_methods_supported: methods,
      service_documentation: `${BASE}/docs`,
    });
    expect((res.body as Json).grant_types_supported).toEqual([
      'password',
      'refresh_token',
      'client_credentials',
      'authorization_code',
      'end_user_credentials',
      END_USER_GRANT_URI,
    ]);
    expect((res.body as Json).scopes_supported).toContain('operator');
  });

  it("is the same document as the realm's OpenID discovery document", async () => {
    const tenant = await t.tenant();
    const a = (await t.request('GET', rfc8414(tenant.realm), undefined)).body as Json;
    const b = (await t.request('GET', oidc(tenant.realm), undefined)).body as Json;
    expect(a).toEqual(b);
    expect(a.issuer).toBe(`${BASE}/iam/realms/${tenant.realm}`);
    expect(a.scopes_supported).not.toContain('operator');
  });

  it('answers 404 in the simple error shape for an unknown realm, and never 500 for a name PostgreSQL cannot store', async () => {
    expectSimpleError(await t.request('GET', rfc8414('no-such-realm'), undefined), 404, rfc8414('no-such-realm'));
    expect((await t.request('GET', rfc8414('a%00b'), undefined)).status).toBe(404);
  });
});

describe('GET /iam/realms/{realm}/.well-known/openid-configuration', () => {
  it('advertises revocation, introspection, their client authentication methods and the end-user grant URI', async () => {
    const doc = (await t.request('GET', oidc('operator'), undefined)).body as Json;
    expect(doc).toMatchObject({
      revocation_endpoint: `${BASE}/iam/tokens/revoke`,
      introspection_endpoint: `${BASE}/iam/tokens/introspect`,
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      id_token_signing_alg_values_supported: ['RS256'],
      subject_types_supported: ['public'],
    });
    expect(doc.grant_types_supported).toContain(END_USER_GRANT_URI);
  });

  it('answers 404 for an unknown realm', async () => {
    expectSimpleError(await t.request('GET', oidc('no-such-realm'), undefined), 404, oidc('no-such-realm'));
  });
});

describe('the OpenAPI entries of the OAuth endpoints', () => {
  let doc: Json;
  beforeAll(async () => {
    doc = (await t.request('GET', '/openapi.json', undefined)).body as Json;
  });

  it('declare a form body and a JSON body for the token, revocation and introspection endpoints', () => {
    for (const path of ['/iam/tokens/oauth', '/iam/tokens/revoke', '/iam/tokens/introspect']) {
      expect(Object.keys(doc.paths[path].post.requestBody.content).sort(), path).toEqual([
        'application/json',
        'application/x-www-form-urlencoded',
      ]);
    }
    expect(
      doc.paths['/iam/tokens/revoke'].post.requestBody.content['application/x-www-form-urlencoded'].schema,
    ).toEqual({ $ref: '#/components/schemas/TokenOperationRequest' });
    expect(doc.components.schemas.TokenOperationRequest.properties).toHaveProperty('token_type_hint');
  });

  it('declare HTTP Basic client authentication, optional because the body may carry the credentials instead', () => {
    expect(doc.components.securitySchemes.basicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
    for (const path of ['/iam/tokens/oauth', '/iam/tokens/revoke', '/iam/tokens/introspect']) {
      expect(doc.paths[path].post.security, path).toEqual([{ basicAuth: [] }, {}]);
    }
    // The JSON-only token endpoint and the discovery documents stay plainly public.
    expect(doc.paths['/iam/tokens'].post.security).toEqual([]);
    expect(doc.paths['/.well-known/oauth-authorization-server/iam/realms/{realm}'].get.security).toEqual([]);
  });

  it('name the operations as the contract does', () => {
    expect(doc.paths['/iam/tokens/revoke'].post.operationId).toBe('revokeToken');
    expect(doc.paths['/iam/tokens/introspect'].post.operationId).toBe('introspectToken');
    expect(doc.paths['/.well-known/oauth-authorization-server/iam/realms/{realm}'].get.operationId).toBe(
      'getAuthorizationServerMetadata',
    );
    expect(doc.paths['/iam/tokens/introspect'].post.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/IntrospectionResponse',
    });
  });
});
