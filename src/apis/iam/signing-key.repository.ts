import type { JWK } from 'jose';
import type { Queryable } from '../../platform/db/database.js';

/** SQL of the IAM's RS256 key pairs: one statement per function. */
export interface SigningKeyRow {
  kid: string;
  private_jwk: JWK;
  public_jwk: JWK;
}

/** Holds the key ring's lock until the transaction ends, so two instances starting together create one key. */
export async function lockSigningKeys(tx: Queryable): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('iam_signing_keys'))");
}

/** The keys not retired, newest first. */
export async function liveSigningKeys(tx: Queryable): Promise<SigningKeyRow[]> {
  return (
    await tx.query<SigningKeyRow>(
      'SELECT kid, private_jwk, public_jwk FROM iam_signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC',
    )
  ).rows;
}

export async function insertSigningKey(tx: Queryable, row: SigningKeyRow): Promise<void> {
  await tx.query('INSERT INTO iam_signing_keys (kid, private_jwk, public_jwk) VALUES ($1, $2::jsonb, $3::jsonb)', [
    row.kid,
    JSON.stringify(row.private_jwk),
    JSON.stringify(row.public_jwk),
  ]);
}
