import type { JWK } from 'jose';
import type { Queryable } from '../../platform/db/database.js';

/** SQL of customer signing keys and kept signatures: one statement per function. */
export interface SigningKeyRow {
  customer_id: string;
  kid: string;
  public_jwk: JWK;
  private_key_sealed: string;
}

export interface SignatureRow {
  id: string;
  customer_id: string;
  kid: string;
  content_type: string;
  signed_data: string;
}

export async function insertSigningKey(db: Queryable, row: SigningKeyRow): Promise<void> {
  await db.query(
    'INSERT INTO customer_signing_keys (customer_id, kid, public_jwk, private_key_sealed) VALUES ($1, $2, $3::jsonb, $4)',
    [row.customer_id, row.kid, JSON.stringify(row.public_jwk), row.private_key_sealed],
  );
}

export async function findSigningKey(db: Queryable, customerId: string): Promise<SigningKeyRow | undefined> {
  return (
    await db.query<SigningKeyRow>(
      'SELECT customer_id, kid, public_jwk, private_key_sealed FROM customer_signing_keys WHERE customer_id = $1',
      [customerId],
    )
  ).rows[0];
}

export async function insertSignature(db: Queryable, row: SignatureRow): Promise<void> {
  await db.query(
    'INSERT INTO customer_signatures (id, customer_id, kid, content_type, signed_data) VALUES ($1, $2, $3, $4, $5)',
    [row.id, row.customer_id, row.kid, row.content_type, row.signed_data],
  );
}

export async function findSignature(db: Queryable, customerId: string, id: string): Promise<SignatureRow | undefined> {
  return (
    await db.query<SignatureRow>(
      'SELECT id, customer_id, kid, content_type, signed_data FROM customer_signatures WHERE customer_id = $1 AND id = $2',
      [customerId, id],
    )
  ).rows[0];
}
