import { createHash, randomBytes } from 'node:crypto';
import { type JWTPayload, SignJWT } from 'jose';
import type { Clock } from '../../platform/clock.js';
import type { KeyRing } from './signing-keys.js';

export interface SessionClaims {
  sessionId: string;
  realm: string;
  subject: string;
  clientId: string;
  customerId: string | null;
  scopes: string[];
  /** Identity claims (email, names, storeId) for id tokens and end-user tokens. */
  profile?: Record<string, string | undefined>;
}

export function issuerOf(publicBaseUrl: string, realm: string): string {
  return `${publicBaseUrl}/iam/realms/${encodeURIComponent(realm)}`;
}

/** Opaque refresh token: random, shown once; only its SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function definedOnly(values: Record<string, string | undefined> = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** Signs RS256 access and id tokens with the current key of the ring (its `kid` in the header). */
export class TokenIssuer {
  constructor(
    private readonly keys: () => KeyRing,
    private readonly publicBaseUrl: string,
    readonly accessTokenTtl: number,
    private readonly clock: Clock,
  ) {}

  private sign(claims: SessionClaims, payload: JWTPayload, audience: string, type: 'at+jwt' | 'JWT'): Promise<string> {
    const { current } = this.keys();
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({
      sid: claims.sessionId,
      azp: claims.clientId,
      realm: claims.realm,
      ...(claims.customerId ? { customerId: claims.customerId } : {}),
      ...payload,
    })
      .setProtectedHeader({ alg: 'RS256', kid: current.kid, typ: type })
      .setIssuer(issuerOf(this.publicBaseUrl, claims.realm))
      .setSubject(claims.subject)
      .setAudience(audience)
      .setIssuedAt(issuedAt)
      .setJti(randomBytes(16).toString('base64url'))
      .setExpirationTime(issuedAt + this.accessTokenTtl)
      .sign(current.privateKey);
  }

  /**
   * RFC 9068 profile: header `typ: at+jwt` and claim `client_id`. The claim `typ: Bearer` stays for Keycloak-style
   * clients and for instances of the previous release, which recognise access tokens by it during a rolling upgrade.
   */
  accessToken(claims: SessionClaims): Promise<string> {
    return this.sign(
      claims,
      { typ: 'Bearer', client_id: claims.clientId, scope: claims.scopes.join(' '), ...definedOnly(claims.profile) },
      claims.realm,
      'at+jwt',
    );
  }

  idToken(claims: SessionClaims, nonce?: string): Promise<string> {
    return this.sign(
      claims,
      { typ: 'ID', ...definedOnly(claims.profile), ...(nonce ? { nonce } : {}) },
      claims.clientId,
      'JWT',
    );
  }
}
