import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../platform/db/database.js';

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

export interface CodeRow {
  realm: string;
  client_id: string;
  user_id: string;
  redirect_uri: string;
  code_challenge: string;
  scopes: string[];
  nonce: string | null;
  expires_at: Date;
  session_id: string | null;
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
  await db.query(
    `INSERT INTO iam_authorization_codes (code_hash, realm, client_id, user_id, redirect_uri, code_challenge, scopes, nonce, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      hashOf(code),
      pending.realm,
      pending.clientId,
      userId,
      pending.redirectUri,
      pending.codeChallenge,
      scopes,
      pending.nonce ?? null,
      expiresAt,
    ],
  );
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
  const row = (
    await tx.query<CodeRow>(
      'SELECT realm, client_id, user_id, redirect_uri, code_challenge, scopes, nonce, expires_at, session_id FROM iam_authorization_codes WHERE code_hash = $1 FOR UPDATE',
      [hashOf(code)],
    )
  ).rows[0];
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
  await tx.query('UPDATE iam_authorization_codes SET session_id = $2 WHERE code_hash = $1', [hashOf(code), sessionId]);
}

/** Codes expired more than `graceSeconds` ago (a redeemed one is kept that long to catch its reuse). */
export async function deleteExpiredCodes(db: Queryable, graceSeconds: number): Promise<number> {
  return (
    await db.query('DELETE FROM iam_authorization_codes WHERE expires_at < now() - make_interval(secs => $1)', [
      graceSeconds,
    ])
  ).rowCount;
}
