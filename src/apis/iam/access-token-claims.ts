import { decodeProtectedHeader, type JWTPayload, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from 'jose';
import { issuerOf } from './token-issuer.js';

/** The claims every access token of this platform carries, checked. */
export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  exp: number;
  sid: string;
  realm: string;
  /** RFC 9068's `client_id`, or `azp` on tokens issued before it. */
  clientId: string;
  scope?: string;
  customerId?: string;
}

export type AccessTokenCheck =
  | { ok: true; claims: AccessTokenClaims }
  | { ok: false; reason: 'expired' | 'invalid' | 'not an access token' };

/**
 * RFC 9068 §4: the header says `at+jwt`. Tokens issued before that profile (header `JWT`, alive one lifetime at
 * most after an upgrade) are recognised by their claim `typ: Bearer`. Id tokens (claim `typ: ID`) are neither.
 */
function isAccessTokenType(headerType: unknown, claimType: unknown): boolean {
  const type = typeof headerType === 'string' ? headerType.toLowerCase() : '';
  if (type === 'at+jwt' || type === 'application/at+jwt') return claimType === undefined || claimType === 'Bearer';
  return claimType === 'Bearer';
}

function platformClaims(
  payload: JWTPayload,
  headerType: unknown,
  publicBaseUrl: string,
): AccessTokenClaims | undefined {
  const realm = typeof payload.realm === 'string' ? payload.realm : '';
  if (!isAccessTokenType(headerType, payload.typ) || !realm || payload.iss !== issuerOf(publicBaseUrl, realm))
    return undefined;
  if (
    typeof payload.sid !== 'string' ||
    typeof payload.sub !== 'string' ||
    !payload.sub ||
    typeof payload.exp !== 'number'
  )
    return undefined;
  const clientId =
    typeof payload.client_id === 'string' ? payload.client_id : typeof payload.azp === 'string' ? payload.azp : '';
  return {
    ...payload,
    sub: payload.sub,
    exp: payload.exp,
    sid: payload.sid,
    realm,
    clientId,
    scope: typeof payload.scope === 'string' ? payload.scope : undefined,
    customerId: typeof payload.customerId === 'string' ? payload.customerId : undefined,
  };
}

/**
 * Checks an access token: RS256 signature (only RS256, so `alg: none` and HMAC tricks fail), issuer, token type
 * and, unless `allowExpired` (revocation ends the session of an expired token too), expiry.
 */
export async function checkAccessToken(
  token: string,
  keySet: JWTVerifyGetKey,
  publicBaseUrl: string,
  options: { allowExpired?: boolean; now?: Date } = {},
): Promise<AccessTokenCheck> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySet, {
      algorithms: ['RS256'],
      clockTolerance: 5,
      ...(options.now ? { currentDate: options.now } : {}),
    }));
  } catch (error) {
    // jose checks the signature before the claims: an expired token's payload is authentic.
    if (!(error instanceof joseErrors.JWTExpired)) return { ok: false, reason: 'invalid' };
    if (!options.allowExpired) return { ok: false, reason: 'expired' };
    payload = error.payload;
  }
  const claims = platformClaims(payload, decodeProtectedHeader(token).typ, publicBaseUrl);
  return claims ? { ok: true, claims } : { ok: false, reason: 'not an access token' };
}
