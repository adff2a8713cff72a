import Type, { type Static } from 'typebox';
import { OAuthError } from '../../platform/errors/domain-errors.js';
import { unstorableField, UNSTORABLE_RULE } from '../../platform/registry/storable-text.js';

export const GRANT_TYPES = ['password', 'refresh_token', 'client_credentials', 'end_user_credentials', 'idp_login'] as const;

const text = () => Type.Optional(Type.String({ maxLength: 4096 }));

/** TokenRequest of the specification: camelCase fields with their snake_case alternatives. */
export const TokenRequestSchema = Type.Object(
  {
    grantType: Type.Optional(Type.String({ description: `one of ${GRANT_TYPES.join(', ')}; default password` })),
    grant_type: text(),
    realmName: text(),
    realm: text(),
    clientId: text(),
    client_id: text(),
    clientSecret: text(),
    client_secret: text(),
    refreshToken: text(),
    refresh_token: text(),
    username: text(),
    password: text(),
    scope: text(),
    customerId: text(),
    storeId: text(),
    tokenId: text(),
    firstName: text(),
    lastName: text(),
    email: text(),
    provider: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { $id: 'TokenRequest', additionalProperties: false },
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
}

/** HTTP Basic client authentication (RFC 6749 §2.3.1): form-urlencoded id and secret. */
export function basicCredentials(header: string | undefined): { clientId: string; clientSecret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  // Clients that do not form-encode (curl -u) may send a bare '%': then the value is taken as it is, not a 500.
  const unescape = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  return { clientId: unescape(decoded.slice(0, colon)), clientSecret: unescape(decoded.slice(colon + 1)) };
}

function pick(...values: (string | undefined)[]): string | undefined {
  return values.find((v) => v !== undefined && v !== '');
}

/** One request from the camelCase/snake_case body, query parameters and Basic credentials; the body wins. */
export function normalizeTokenRequest(body: TokenRequestBody, query: Record<string, string | undefined> = {}, basic?: { clientId: string; clientSecret: string }): TokenRequest {
  const grantType = pick(body.grantType, body.grant_type, query.grant_type) ?? 'password';
  if (!(GRANT_TYPES as readonly string[]).includes(grantType)) {
    throw new OAuthError(400, 'unsupported_grant_type', `grant type "${grantType}" is not supported; use one of ${GRANT_TYPES.join(', ')}`);
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
  };
  // Text PostgreSQL cannot hold (NUL, an unpaired surrogate) would fail in the database as a 500.
  const field = unstorableField(request, '');
  if (field) throw new OAuthError(400, 'invalid_request', `${field} ${UNSTORABLE_RULE}`);
  return request;
}
