import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../platform/db/database.js';
import { type CodeRow, insertCode, lockCode, setCodeSession } from './authorization-code.repository.js';

/** RFC 7636 §4.1: 43 to 128 characters of the unreserved set. */
export const PKCE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** A code lives this long (RFC 6749 §4.1.2 recommends at most 10 minutes; a browser redirect needs seconds). */
export const CODE_TTL_SECONDS = 60;

/** What the sign-in page was asked for, once the client and its redirect URI are known to be registered. */
export interface PendingAuthorization {
  realm: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  /** The scopes asked for (OpenID scopes left out); empty: all the user holds. */
  scope?: string;
  state?: string;
  nonce?: string;
}

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** BASE64URL(SHA256(verifier)), RFC 7636 §4.2. */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A new single-use code for `userId`, granted `scopes`; only its hash is stored. */
export async function issueCode(
  db: Queryable,
  pending: PendingAuthorization,
  userId: string,
  scopes: string[],
  expiresAt: Date,
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await insertCode(db, {
    code_hash: hashOf(code),
    realm: pending.realm,
    client_id: pending.clientId,
    user_id: userId,
    redirect_uri: pending.redirectUri,
    code_challenge: pending.codeChallenge,
    scopes,
    nonce: pending.nonce ?? null,
    expires_at: expiresAt,
  });
  return code;
}

export type Redemption = { ok: true; row: CodeRow } | { ok: false; error: string; endSession?: string };

/**
 * The code's grant, locked for the caller's transaction, if the request proves it may redeem it: same client,
 * same redirect URI, a verifier whose S256 is the challenge. A code redeemed before ends the session it opened.
 */
export async function redeemCode(
  tx: Queryable,
  code: string,
  request: { clientId: string; redirectUri: string; verifier: string },
  now: Date,
): Promise<Redemption> {
  const row = await lockCode(tx, hashOf(code));
  if (!row) return { ok: false, error: 'the authorization code is not valid' };
  if (row.session_id)
    return {
      ok: false,
      error: 'the authorization code was already used; the session it opened has been ended',
      endSession: row.session_id,
    };
  if (row.expires_at.getTime() <= now.getTime()) return { ok: false, error: 'the authorization code has expired' };
  if (row.client_id !== request.clientId)
    return { ok: false, error: 'the authorization code was issued to another client' };
  if (row.redirect_uri !== request.redirectUri)
    return { ok: false, error: 'redirect_uri is not the one the code was issued for' };
  if (!sameText(s256(request.verifier), row.code_challenge))
    return { ok: false, error: 'code_verifier does not match the code_challenge' };
  return { ok: true, row };
}

export async function markRedeemed(tx: Queryable, code: string, sessionId: string): Promise<void> {
  await setCodeSession(tx, hashOf(code), sessionId);
}
