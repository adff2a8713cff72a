import { createLocalJWKSet, type JWTVerifyGetKey } from 'jose';
import type { AccessTokenVerifier } from '../../platform/auth/access-token-verifier.js';
import type { Principal } from '../../platform/auth/principal.js';
import { OPERATOR_SCOPE } from '../../platform/auth/scopes.js';
import { VerifiedTokenCache } from '../../platform/auth/verified-token-cache.js';
import type { Clock } from '../../platform/clock.js';
import { InvalidTokenError } from '../../platform/errors/domain-errors.js';
import { checkAccessToken } from './access-token-claims.js';
import type { RevokedSessions } from './revoked-sessions.js';
import type { KeyRing } from './signing-keys.js';

/** Customers a customer may act for besides itself (its `authorizedCustomers`); the Customer API provides it. */
export type AuthorizedCustomersLookup = (customerId: string) => Promise<readonly string[]>;

/** The platform operator's realm (docs/product-decisions.md §2). */
export const OPERATOR_REALM = 'operator';

interface VerifiedToken {
  principal: Omit<Principal, 'tenantIds'>;
  expiresAtMs: number;
}

/** Verifies an access token (`checkAccessToken`) and that its session is still alive; then builds the principal. */
export class JwtAccessTokenVerifier implements AccessTokenVerifier {
  private readonly keySet: JWTVerifyGetKey;
  private readonly verifiedTokens = new VerifiedTokenCache<VerifiedToken>();
  authorizedCustomers: AuthorizedCustomersLookup = async () => [];

  constructor(
    keys: KeyRing,
    private readonly publicBaseUrl: string,
    private readonly revoked: RevokedSessions,
    private readonly clock: Clock,
  ) {
    this.keySet = createLocalJWKSet(keys.jwks);
  }

  async verify(token: string): Promise<Principal> {
    let verified = this.verifiedTokens.get(token, this.clock.now().getTime());
    if (!verified) {
      verified = await this.verifySignatureAndClaims(token);
      this.verifiedTokens.set(token, verified, verified.expiresAtMs);
    }
    // Revocation and the tenant's authorizations are checked on every request, cached signature or not.
    if (this.revoked.has(verified.principal.sessionId))
      throw new InvalidTokenError('the session of this token has ended');
    const { customerId } = verified.principal;
    const tenantIds = customerId ? [customerId, ...(await this.authorizedCustomers(customerId))] : [];
    return { ...verified.principal, tenantIds };
  }

  private async verifySignatureAndClaims(token: string): Promise<VerifiedToken> {
    const checked = await checkAccessToken(token, this.keySet, this.publicBaseUrl, { now: this.clock.now() });
    if (!checked.ok) {
      if (checked.reason === 'expired') throw new InvalidTokenError('the access token has expired');
      throw new InvalidTokenError(
        checked.reason === 'invalid'
          ? 'the access token is not valid'
          : 'the token is not an access token of this platform',
      );
    }
    const { claims } = checked;
    const scopes = new Set(claims.scope?.split(' ').filter(Boolean) ?? []);
    return {
      expiresAtMs: claims.exp * 1000,
      principal: {
        subject: claims.sub,
        realm: claims.realm,
        clientId: claims.clientId,
        sessionId: claims.sid,
        tokenId: claims.jti ?? '',
        scopes,
        customerId: claims.customerId,
        isOperator: claims.realm === OPERATOR_REALM && scopes.has(OPERATOR_SCOPE),
        ...(typeof claims.preferred_username === 'string' ? { username: claims.preferred_username } : {}),
      },
    };
  }
}
