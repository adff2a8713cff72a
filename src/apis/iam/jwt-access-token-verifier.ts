import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { AccessTokenVerifier } from '../../platform/auth/access-token-verifier.js';
import type { Principal } from '../../platform/auth/principal.js';
import { OPERATOR_SCOPE } from '../../platform/auth/scopes.js';
import { VerifiedTokenCache } from '../../platform/auth/verified-token-cache.js';
import { UnauthorizedError } from '../../platform/errors/domain-errors.js';
import type { RevokedSessions } from './revoked-sessions.js';
import type { KeyRing } from './signing-keys.js';
import { issuerOf } from './token-issuer.js';

/** Customers a customer may act for besides itself (its `authorizedCustomers`); the Customer API provides it. */
export type AuthorizedCustomersLookup = (customerId: string) => Promise<readonly string[]>;

/** The platform operator's realm (DECISIONS §2). */
export const OPERATOR_REALM = 'operator';

interface VerifiedToken {
  principal: Omit<Principal, 'tenantIds'>;
  expiresAtMs: number;
}

/**
 * Verifies RS256 signature (only RS256: `alg: none` and HMAC tricks fail), expiry, issuer, token type and that
 * the session is still alive; then builds the principal.
 */
export class JwtAccessTokenVerifier implements AccessTokenVerifier {
  private readonly keySet: JWTVerifyGetKey;
  private readonly verifiedTokens = new VerifiedTokenCache<VerifiedToken>();
  authorizedCustomers: AuthorizedCustomersLookup = async () => [];

  constructor(
    keys: KeyRing,
    private readonly publicBaseUrl: string,
    private readonly revoked: RevokedSessions,
  ) {
    this.keySet = createLocalJWKSet(keys.jwks);
  }

  async verify(token: string): Promise<Principal> {
    let verified = this.verifiedTokens.get(token);
    if (!verified) {
      verified = await this.verifySignatureAndClaims(token);
      this.verifiedTokens.set(token, verified, verified.expiresAtMs);
    }
    // Revocation and the tenant's authorizations are checked on every request, cached signature or not.
    if (this.revoked.has(verified.principal.sessionId)) throw new UnauthorizedError('the session of this token has ended');
    const { customerId } = verified.principal;
    const tenantIds = customerId ? [customerId, ...(await this.authorizedCustomers(customerId))] : [];
    return { ...verified.principal, tenantIds };
  }

  private async verifySignatureAndClaims(token: string): Promise<VerifiedToken> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.keySet, { algorithms: ['RS256'], clockTolerance: 5 }));
    } catch (error) {
      const reason = error instanceof joseErrors.JWTExpired ? 'the access token has expired' : 'the access token is not valid';
      throw new UnauthorizedError(reason);
    }
    const realm = typeof payload.realm === 'string' ? payload.realm : '';
    if (payload.typ !== 'Bearer' || !realm || payload.iss !== issuerOf(this.publicBaseUrl, realm) || typeof payload.sid !== 'string' || !payload.sub || typeof payload.exp !== 'number') {
      throw new UnauthorizedError('the token is not an access token of this platform');
    }
    const scopes = new Set(typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : []);
    const customerId = typeof payload.customerId === 'string' ? payload.customerId : undefined;
    return {
      expiresAtMs: payload.exp * 1000,
      principal: {
        subject: payload.sub,
        realm,
        clientId: typeof payload.azp === 'string' ? payload.azp : '',
        sessionId: payload.sid,
        tokenId: payload.jti ?? '',
        scopes,
        customerId,
        isOperator: realm === OPERATOR_REALM && scopes.has(OPERATOR_SCOPE),
      },
    };
  }
}
