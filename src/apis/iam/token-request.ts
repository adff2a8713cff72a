import Type, { type Static } from 'typebox';
import { OAuthError } from '../../platform/errors/domain-errors.js';
import { EMAIL_MAX_LENGTH, ID_MAX_LENGTH, TEXT_MAX_LENGTH, URL_MAX_LENGTH } from '../../platform/resource/declare.js';
import { UNSTORABLE_RULE, unstorableField } from '../../platform/resource/documents.js';

export const GRANT_TYPES = [
  'password',
  'refresh_token',
  'client_credentials',
  'authorization_code',
  'end_user_credentials',
  'idp_login',
] as const;

/** `end_user_credentials` as an RFC 6749 §4.5 extension grant: an absolute URI, which standard clients expect. */
export const END_USER_GRANT_URI = 'urn:commerce-platform:params:oauth:grant-type:end-user-credentials';
const GRANT_ALIASES = new Map<string, GrantType>([[END_USER_GRANT_URI, 'end_user_credentials']]);

/**
 * Field lengths of a token request. The end user's `customerId`, `storeId` and `email` together make the session
 * subject, which is indexed with the realm: at 4 bytes a character they stay well inside a btree entry (~2,700 bytes).
 */
export const TOKEN_FIELD_LIMITS = {
  // Grant types may be URNs (urn:ietf:params:oauth:grant-type:token-exchange); unknown ones answer unsupported_grant_type.
  grantType: 128,
  realm: 255,
  clientId: 255,
  secret: 1024,
  refreshToken: 1024,
  username: 255,
  password: 1024,
  scope: TEXT_MAX_LENGTH,
  customerId: ID_MAX_LENGTH,
  storeId: ID_MAX_LENGTH,
  name: 150,
  email: EMAIL_MAX_LENGTH,
  code: 256,
  redirectUri: URL_MAX_LENGTH,
  codeVerifier: 128,
} as const;
const L = TOKEN_FIELD_LIMITS;

const text = (maxLength: number, options: Record<string, unknown> = {}) =>
  Type.Optional(Type.String({ maxLength, ...options }));

/** TokenRequest of the specification: camelCase fields with their snake_case alternatives. */
export const TokenRequestSchema = Type.Object(
  {
    grantType: text(L.grantType, {
      description: `one of ${GRANT_TYPES.join(', ')} (or ${END_USER_GRANT_URI}); default password`,
    }),
    grant_type: text(L.grantType),
    realmName: text(L.realm),
    realm: text(L.realm),
    clientId: text(L.clientId),
    client_id: text(L.clientId),
    clientSecret: text(L.secret),
    client_secret: text(L.secret),
    refreshToken: text(L.refreshToken),
    refresh_token: text(L.refreshToken),
    username: text(L.username),
    password: text(L.password),
    scope: text(L.scope),
    customerId: text(L.customerId),
    storeId: text(L.storeId),
    tokenId: text(L.refreshToken),
    firstName: text(L.name),
    lastName: text(L.name),
    email: text(L.email),
    code: text(L.code, { description: 'authorization_code: the code the authorization endpoint redirected with' }),
    redirect_uri: text(L.redirectUri, { description: 'authorization_code: the redirect URI the code was issued for' }),
    redirectUri: text(L.redirectUri),
    code_verifier: text(L.codeVerifier, {
      description: 'authorization_code: the PKCE verifier whose S256 is the code_challenge',
    }),
    codeVerifier: text(L.codeVerifier),
    provider: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: true,
          maxProperties: 20,
          description: 'idp_login only (no identity provider is configured)',
        },
      ),
    ),
  },
  {
    $id: 'TokenRequest',
    additionalProperties: false,
    examples: [{ realmName: 'operator', grantType: 'client_credentials', clientSecret: 'the-operator-client-secret' }],
  },
);

/**
 * `/iam/tokens/oauth` query parameters. RFC 6749 §3.2: the token endpoint MUST ignore parameters it does not know,
 * so this is the one operation that does not refuse them (`additionalProperties: true`).
 */
export const OAuthQuerySchema = Type.Object(
  {
    client_id: text(L.clientId),
    client_secret: text(L.secret),
    username: text(L.username),
    password: text(L.password),
    refresh_token: text(L.refreshToken),
    grant_type: text(L.grantType),
    scope: text(L.scope),
    realm: text(L.realm),
    code: text(L.code),
    redirect_uri: text(L.redirectUri),
    code_verifier: text(L.codeVerifier),
  },
  { additionalProperties: true, description: 'unknown parameters are ignored (RFC 6749 §3.2)' },
);
export type TokenRequestBody = Static<typeof TokenRequestSchema>;

export const TokenResponseSchema = Type.Object(
  {
    access_token: Type.String(),
    expires_in: Type.Integer({ description: 'seconds' }),
    refresh_expires_in: Type.Integer({ description: 'seconds; 0 when no refresh token is issued' }),
    refresh_token: Type.Optional(Type.String()),
    token_type: Type.String({ description: 'Bearer' }),
    id_token: Type.Optional(Type.String()),
    'not-before-policy': Type.Integer(),
    session_state: Type.String(),
    scope: Type.String(),
  },
  { $id: 'TokenResponse' },
);
export type TokenResponse = Static<typeof TokenResponseSchema>;

export type GrantType = (typeof GRANT_TYPES)[number];

export interface TokenRequest {
  grantType: GrantType;
  realm?: string;
  clientId?: string;
  clientSecret?: string;
  refreshToken?: string;
  username?: string;
  password?: string;
  scope?: string;
  customerId?: string;
  storeId?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  code?: string;
  redirectUri?: string;
  codeVerifier?: string;
}

/** HTTP Basic client authentication (RFC 6749 §2.3.1): form-urlencoded id and secret. */
export function basicCredentials(header: string | undefined): { clientId: string; clientSecret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  // Clients that do not form-encode (curl -u) may send a bare '%': then the value is taken as it is, not a 500.
  const percentDecoded = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  return { clientId: percentDecoded(decoded.slice(0, colon)), clientSecret: percentDecoded(decoded.slice(colon + 1)) };
}

export function pick(...values: (string | undefined)[]): string | undefined {
  return values.find((v) => v !== undefined && v !== '');
}

/** One request from the camelCase/snake_case body, query parameters and Basic credentials; the body wins. */
export function normalizeTokenRequest(
  body: TokenRequestBody,
  query: Record<string, string | undefined> = {},
  basic?: { clientId: string; clientSecret: string },
): TokenRequest {
  const named = pick(body.grantType, body.grant_type, query.grant_type) ?? 'password';
  const grantType = GRANT_ALIASES.get(named) ?? named;
  if (!(GRANT_TYPES as readonly string[]).includes(grantType)) {
    throw new OAuthError(
      400,
      'unsupported_grant_type',
      `grant type "${named}" is not supported; use one of ${GRANT_TYPES.join(', ')}, ${END_USER_GRANT_URI}`,
    );
  }
  const clientId = pick(body.clientId, body.client_id, query.client_id, basic?.clientId);
  const request: TokenRequest = {
    grantType: grantType as GrantType,
    // Each realm's confidential client is named after the realm, so a client id alone names the realm.
    realm: pick(body.realmName, body.realm, query.realm, clientId),
    clientId,
    clientSecret: pick(body.clientSecret, body.client_secret, query.client_secret, basic?.clientSecret),
    refreshToken: pick(body.refreshToken, body.refresh_token, query.refresh_token),
    username: pick(body.username, query.username),
    password: pick(body.password, query.password),
    scope: pick(body.scope, query.scope),
    customerId: pick(body.customerId),
    storeId: pick(body.storeId),
    email: pick(body.email),
    firstName: pick(body.firstName),
    lastName: pick(body.lastName),
    code: pick(body.code, query.code),
    redirectUri: pick(body.redirect_uri, body.redirectUri, query.redirect_uri),
    codeVerifier: pick(body.code_verifier, body.codeVerifier, query.code_verifier),
  };
  // Text PostgreSQL cannot hold (NUL, an unpaired surrogate) would fail in the database as a 500.
  const field = unstorableField(request, '');
  if (field) throw new OAuthError(400, 'invalid_request', `${field} ${UNSTORABLE_RULE}`);
  return request;
}
