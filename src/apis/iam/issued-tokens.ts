import { createLocalJWKSet, type JWTVerifyGetKey } from 'jose';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { type AccessTokenClaims, checkAccessToken } from './access-token-claims.js';
import { type ClientAuthenticator, type ClientCredentials, invalidClient } from './client-authentication.js';
import * as repo from './iam.repository.js';
import type { RevokedSessions } from './revoked-sessions.js';
import type { KeyRing } from './signing-keys.js';
import { hashRefreshToken, issuerOf } from './token-issuer.js';
import type { IntrospectionResponse } from './token-operation-request.js';

/** What a presented token is, whatever its state: an access token whose signature holds, or a stored refresh token. */
type FoundToken =
  | { type: 'access_token'; realm: string; claims: AccessTokenClaims; session?: repo.SessionRow }
  | { type: 'refresh_token'; realm: string; hash: string; state: string; issuedAt: Date; session: repo.SessionRow };

const INACTIVE: IntrospectionResponse = { active: false };
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Revocation (RFC 7009) and introspection (RFC 7662) of the tokens this service issued. */
export class IssuedTokens {
  private readonly keySet: JWTVerifyGetKey;

  constructor(
    private readonly db: Database,
    keys: KeyRing,
    private readonly publicBaseUrl: string,
    private readonly revoked: RevokedSessions,
    private readonly clients: ClientAuthenticator,
    private readonly clock: Clock,
  ) {
    this.keySet = createLocalJWKSet(keys.jwks);
  }

  /** The realm of the authenticated client; every answer is about that realm's tokens only. */
  async clientRealm(credentials: ClientCredentials | undefined): Promise<string> {
    if (!credentials)
      throw invalidClient('client authentication is required: HTTP Basic, or client_id and client_secret in the body');
    return (await this.clients.authenticate(this.db, credentials)).realm.name;
  }

  /** Unknown, expired, revoked and other realms' tokens are all just `{active: false}`: nothing is revealed. */
  async introspect(realm: string, token: string): Promise<IntrospectionResponse> {
    const found = await this.find(token);
    if (!found || found.realm !== realm || !this.isActive(found)) return INACTIVE;
    return found.type === 'access_token' ? this.describeAccessToken(found.claims) : this.describeRefreshToken(found);
  }

  /**
   * Ends the session of the token (its access and refresh tokens stop working). RFC 7009 §2.2: an unknown token,
   * or another realm's, changes nothing and is not an error. An expired access token still ends its session,
   * and so does a rotated refresh token, as its reuse on the token endpoint would.
   */
  async revoke(realm: string, token: string): Promise<void> {
    const found = await this.find(token);
    const sessionId = found?.type === 'access_token' ? found.claims.sid : found?.session.id;
    if (!found || found.realm !== realm || !sessionId) return;
    this.revoked.add(await repo.revokeSession(this.db, sessionId, 'revoked by the client'));
  }

  /** Access tokens are JWTs (two dots); refresh tokens are opaque and never contain a dot, so no hint is needed. */
  private async find(token: string): Promise<FoundToken | undefined> {
    if (token.split('.').length === 3) {
      const checked = await checkAccessToken(token, this.keySet, this.publicBaseUrl, {
        allowExpired: true,
        now: this.clock.now(),
      });
      if (!checked.ok) return undefined;
      const { claims } = checked;
      return {
        type: 'access_token',
        realm: claims.realm,
        claims,
        session: await repo.findSession(this.db, claims.sid),
      };
    }
    const hash = hashRefreshToken(token);
    const stored = await repo.readRefreshToken(this.db, hash);
    const session = stored && (await repo.findSession(this.db, stored.session_id));
    if (!stored || !session) return undefined;
    return {
      type: 'refresh_token',
      realm: session.realm,
      hash,
      state: stored.state,
      issuedAt: stored.created_at,
      session,
    };
  }

  private isActive(found: FoundToken): boolean {
    const session = found.session;
    if (!session || session.revoked_at) return false;
    const now = this.clock.now().getTime();
    if (found.type === 'access_token') return found.claims.exp * 1000 > now;
    return found.state === 'active' && session.expires_at.getTime() > now;
  }

  private describeAccessToken(claims: AccessTokenClaims): IntrospectionResponse {
    return {
      active: true,
      scope: claims.scope ?? '',
      client_id: claims.clientId,
      sub: claims.sub,
      aud: typeof claims.aud === 'string' ? claims.aud : undefined,
      exp: claims.exp,
      iat: claims.iat,
      iss: claims.iss,
      token_type: 'Bearer',
      realm: claims.realm,
      customerId: claims.customerId,
      sid: claims.sid,
      jti: claims.jti,
    };
  }

  private describeRefreshToken(found: Extract<FoundToken, { type: 'refresh_token' }>): IntrospectionResponse {
    const { session } = found;
    return {
      active: true,
      scope: session.scopes.join(' '),
      client_id: session.client_id,
      sub: session.subject,
      exp: epochSeconds(session.expires_at),
      iat: epochSeconds(found.issuedAt),
      iss: issuerOf(this.publicBaseUrl, session.realm),
      token_type: 'refresh_token',
      realm: session.realm,
      customerId: session.customer_id ?? undefined,
      sid: session.id,
      // Refresh tokens carry no id of their own; a prefix of the stored hash names one without revealing it.
      jti: found.hash.slice(0, 32),
    };
  }
}
