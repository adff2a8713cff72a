import Type, { type Static } from 'typebox';
import { OAuthError } from '../../platform/errors/domain-errors.js';
import { UNSTORABLE_RULE, unstorableField } from '../../platform/resource/documents.js';
import type { ClientCredentials } from './client-authentication.js';
import { pick } from './token-request.js';

const text = () => Type.Optional(Type.String({ maxLength: 4096 }));

/** The body of revocation (RFC 7009 §2.1) and introspection (RFC 7662 §2.1): a token and the client's credentials. */
export const TokenOperationRequestSchema = Type.Object(
  {
    token: Type.Optional(Type.String({ maxLength: 8192, description: 'an access token or a refresh token; required' })),
    token_type_hint: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'access_token or refresh_token; optional, the token is found either way',
      }),
    ),
    client_id: text(),
    clientId: text(),
    client_secret: text(),
    clientSecret: text(),
    realm: Type.Optional(
      Type.String({
        maxLength: 4096,
        description: 'defaults to client_id (each realm has one client, named after it)',
      }),
    ),
    realmName: text(),
  },
  {
    $id: 'TokenOperationRequest',
    additionalProperties: false,
    examples: [
      {
        token: 'eyJhbGciOiJSUzI1NiIsInR5cCI6ImF0K2p3dCJ9.e30.c2ln',
        token_type_hint: 'access_token',
        client_id: 'acme',
        client_secret: 'acme-client-secret',
      },
    ],
  },
);
export type TokenOperationRequest = Static<typeof TokenOperationRequestSchema>;

const claim = (description: string) => Type.Optional(Type.String({ description }));
const seconds = (description: string) =>
  Type.Optional(Type.Integer({ description: `${description}, seconds since the epoch` }));

/** RFC 7662 §2.2; everything but `active` is absent for an inactive token. */
export const IntrospectionResponseSchema = Type.Object(
  {
    active: Type.Boolean(),
    scope: claim('space-separated scopes'),
    client_id: claim('the client the token was issued to'),
    sub: claim('subject: a user id, client:<client id>, or enduser:<customer>:<store>:<email>'),
    aud: claim('the realm (access tokens)'),
    exp: seconds('expiry; for a refresh token, the end of its session unless refreshed'),
    iat: seconds('issue time'),
    iss: claim('issuer: PUBLIC_BASE_URL/iam/realms/{realm}'),
    token_type: claim('Bearer (access token) or refresh_token'),
    realm: claim('the realm'),
    customerId: claim('the tenant; absent for the operator'),
    sid: claim('the session (= session_state of the token response)'),
    jti: claim('token id'),
  },
  { $id: 'IntrospectionResponse' },
);
export type IntrospectionResponse = Static<typeof IntrospectionResponseSchema>;

/** The presented token; RFC 7009 §2.1 and RFC 7662 §2.1 make it required. */
export function presentedToken(body: TokenOperationRequest): string {
  if (!body.token) throw new OAuthError(400, 'invalid_request', 'token is required');
  return body.token;
}

/**
 * Client credentials from the body (client_secret_post) or HTTP Basic (client_secret_basic), as on the token
 * endpoint; the body wins. None at all is `invalid_client` (RFC 6749 §5.2): these endpoints need a client.
 */
export function clientCredentialsOf(
  body: TokenOperationRequest,
  basic: { clientId: string; clientSecret: string } | undefined,
): ClientCredentials | undefined {
  const clientId = pick(body.client_id, body.clientId, basic?.clientId);
  const clientSecret = pick(body.client_secret, body.clientSecret, basic?.clientSecret);
  const realm = pick(body.realm, body.realmName, clientId);
  if (!realm || !clientSecret) return undefined;
  const credentials = { realm, clientId: clientId ?? realm, clientSecret };
  // Text PostgreSQL cannot hold (NUL, an unpaired surrogate) would fail in the database as a 500.
  const field = unstorableField(credentials, '');
  if (field) throw new OAuthError(400, 'invalid_request', `${field} ${UNSTORABLE_RULE}`);
  return credentials;
}
