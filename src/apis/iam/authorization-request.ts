import { createHash, randomBytes } from 'node:crypto';
import { compactVerify, createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import Type, { type Static } from 'typebox';
import type { Clock } from '../../platform/clock.js';
import { URL_MAX_LENGTH } from '../../platform/resource/declare.js';
import type { PendingAuthorization } from './authorization-codes.js';
import type { ClientRow, RealmRow } from './iam.repository.js';
import type { KeyRing } from './signing-keys.js';
import { issuerOf } from './token-issuer.js';

const text = (maxLength: number, description?: string) =>
  Type.Optional(Type.String({ maxLength, ...(description ? { description } : {}) }));

/** RFC 6749 §4.1.1 with PKCE (RFC 7636 §4.3) and OpenID Connect's `nonce`. Unknown parameters are ignored (§3.1). */
export const AuthorizeQuerySchema = Type.Object(
  {
    response_type: text(32, 'code (the only one)'),
    client_id: text(255, 'a client of the realm with registered redirect URIs: `console`'),
    redirect_uri: text(URL_MAX_LENGTH, 'one of the client’s registered redirect URIs, exactly'),
    scope: text(
      1000,
      'narrows the user’s scopes; openid, profile, email and offline_access are accepted and change nothing',
    ),
    state: text(1000, 'returned as it is with the code'),
    code_challenge: text(128, 'BASE64URL(SHA-256(code_verifier))'),
    code_challenge_method: text(16, 'S256 (the only one)'),
    nonce: text(255, 'put in the id token'),
  },
  { additionalProperties: true, description: 'unknown parameters are ignored (RFC 6749 §3.1)' },
);
export type AuthorizeQuery = Static<typeof AuthorizeQuerySchema>;

/** Scopes of OpenID Connect that name no API permission: asked for by standard clients, they narrow nothing. */
const OPENID_SCOPES = new Set(['openid', 'profile', 'email', 'offline_access']);
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** A problem the client must hear about at its redirect URI (RFC 6749 §4.1.2.1), with the error code. */
export class RedirectableError extends Error {
  constructor(
    readonly code: 'invalid_request' | 'unsupported_response_type' | 'invalid_scope' | 'access_denied',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Why the client or its redirect URI is not one this realm registered, or undefined. These are shown on the page,
 * never redirected to: the URI is not known to be the client's (RFC 6749 §4.1.2.1).
 */
export function unregisteredClient(query: AuthorizeQuery, client: ClientRow | undefined): string | undefined {
  if (!query.client_id) return 'client_id is missing';
  if (!client) return `no client ${query.client_id} in this realm`;
  if (!query.redirect_uri) return 'redirect_uri is missing';
  if (!client.redirect_uris.includes(query.redirect_uri))
    return `redirect_uri ${query.redirect_uri} is not registered for client ${client.client_id}`;
  return undefined;
}

/** The request's scope without OpenID's, or undefined when it asks for none of the realm's API scopes by name. */
function apiScope(scope: string | undefined, realm: RealmRow): string | undefined {
  const named = (scope ?? '').split(/[\s,]+/).filter((name) => name && !OPENID_SCOPES.has(name));
  if (named.length === 0) return undefined;
  if (!named.some((name) => realm.scopes.includes(name)))
    throw new RedirectableError(
      'invalid_scope',
      `none of the scopes "${named.join(' ')}" exists in realm ${realm.name}`,
    );
  return named.join(' ');
}

/** The rest of the request, once the client and redirect URI are registered: what the sign-in page carries. */
export function pendingAuthorization(query: AuthorizeQuery, realm: RealmRow, client: ClientRow): PendingAuthorization {
  if (query.response_type !== 'code')
    throw new RedirectableError(
      'unsupported_response_type',
      'response_type must be code (the authorization code grant)',
    );
  if (!query.code_challenge)
    throw new RedirectableError('invalid_request', 'code_challenge is required: PKCE with S256 (RFC 7636)');
  if (query.code_challenge_method !== 'S256')
    throw new RedirectableError('invalid_request', 'code_challenge_method must be S256');
  if (!CHALLENGE.test(query.code_challenge))
    throw new RedirectableError(
      'invalid_request',
      'code_challenge must be 43 characters of base64url (the S256 of the verifier)',
    );
  const scope = apiScope(query.scope, realm);
  return {
    realm: realm.name,
    clientId: client.client_id,
    redirectUri: query.redirect_uri!,
    codeChallenge: query.code_challenge,
    ...(scope ? { scope } : {}),
    ...(query.state !== undefined ? { state: query.state } : {}),
    ...(query.nonce !== undefined ? { nonce: query.nonce } : {}),
  };
}

/** The URI the browser is sent back to: the registered one, with the answer's parameters added (RFC 9207's `iss` too). */
export function redirectWith(redirectUri: string, parameters: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

const REQUEST_TYPE = 'authz-request+jwt';
/** How long the sign-in page stays usable. */
export const SIGN_IN_PAGE_SECONDS = 600;

export const csrfHash = (value: string) => createHash('sha256').update(value).digest('base64url');
export const newCsrfValue = () => randomBytes(24).toString('base64url');

/**
 * The sign-in page carries the pending request signed by the realm keys (no server state: any instance takes the
 * form), bound to the CSRF value of the browser's cookie by its hash.
 */
export class AuthorizationRequests {
  constructor(
    private readonly keys: () => KeyRing,
    private readonly publicBaseUrl: string,
    private readonly clock: Clock,
  ) {}

  private audience(realm: string): string {
    return `${issuerOf(this.publicBaseUrl, realm)}/authorize`;
  }

  seal(pending: PendingAuthorization, csrf: string): Promise<string> {
    const { current } = this.keys();
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ pending, csrf: csrfHash(csrf) })
      .setProtectedHeader({ alg: 'RS256', kid: current.kid, typ: REQUEST_TYPE })
      .setAudience(this.audience(pending.realm))
      .setIssuedAt(now)
      .setExpirationTime(now + SIGN_IN_PAGE_SECONDS)
      .sign(current.privateKey);
  }

  /** The pending request, if `sealed` is ours, for `realm`, unexpired and bound to `csrf`; else undefined. */
  async open(sealed: string, realm: string, csrf: string | undefined): Promise<PendingAuthorization | undefined> {
    try {
      const { payload } = await jwtVerify(sealed, createLocalJWKSet(this.keys().jwks), {
        typ: REQUEST_TYPE,
        audience: this.audience(realm),
        currentDate: this.clock.now(),
      });
      const pending = payload.pending as PendingAuthorization;
      return csrf !== undefined && payload.csrf === csrfHash(csrf) && pending.realm === realm ? pending : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The claims of an id token this realm issued, whatever its age: RP-initiated logout names the session to end with
   * the id token the client holds, usually expired by then (OpenID Connect RP-Initiated Logout §2).
   */
  async idTokenClaims(
    idToken: string,
    realm: string,
  ): Promise<{ sid?: string; aud?: string | string[]; azp?: string } | undefined> {
    try {
      const { payload } = await compactVerify(idToken, createLocalJWKSet(this.keys().jwks));
      const claims = JSON.parse(new TextDecoder().decode(payload)) as {
        iss?: string;
        typ?: string;
        sid?: string;
        aud?: string | string[];
        azp?: string;
      };
      return claims.iss === issuerOf(this.publicBaseUrl, realm) && claims.typ === 'ID' ? claims : undefined;
    } catch {
      return undefined;
    }
  }
}
