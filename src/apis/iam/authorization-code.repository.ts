import type { Queryable } from '../../platform/db/database.js';

/** SQL of the authorization codes (only their hashes are kept): one statement per function. */
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

export type NewCodeRow = Omit<CodeRow, 'session_id'> & { code_hash: string };

export async function insertCode(db: Queryable, row: NewCodeRow): Promise<void> {
  await db.query(
    `INSERT INTO iam_authorization_codes (code_hash, realm, client_id, user_id, redirect_uri, code_challenge, scopes, nonce, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      row.code_hash,
      row.realm,
      row.client_id,
      row.user_id,
      row.redirect_uri,
      row.code_challenge,
      row.scopes,
      row.nonce,
      row.expires_at,
    ],
  );
}

/** The code's grant, locked for the caller's transaction. */
export async function lockCode(tx: Queryable, codeHash: string): Promise<CodeRow | undefined> {
  return (
    await tx.query<CodeRow>(
      'SELECT realm, client_id, user_id, redirect_uri, code_challenge, scopes, nonce, expires_at, session_id FROM iam_authorization_codes WHERE code_hash = $1 FOR UPDATE',
      [codeHash],
    )
  ).rows[0];
}

export async function setCodeSession(tx: Queryable, codeHash: string, sessionId: string): Promise<void> {
  await tx.query('UPDATE iam_authorization_codes SET session_id = $2 WHERE code_hash = $1', [codeHash, sessionId]);
}

/** Codes expired more than `graceSeconds` ago (a redeemed one is kept that long to catch its reuse). */
export async function deleteExpiredCodes(db: Queryable, graceSeconds: number): Promise<number> {
  return (
    await db.query('DELETE FROM iam_authorization_codes WHERE expires_at < now() - make_interval(secs => $1)', [
      graceSeconds,
    ])
  ).rowCount;
}
