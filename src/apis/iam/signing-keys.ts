import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/ids.js';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

export interface KeyRing {
  /** The key new tokens are signed with. */
  current: SigningKey;
  /** Public keys of every key whose tokens may still be alive. */
  jwks: { keys: JWK[] };
}

/**
 * The RS256 key pair is created once per database (under a lock, so two instances starting together agree)
 * and shared by every instance, so a token signed by one verifies on all.
 */
export async function loadKeyRing(db: Database): Promise<KeyRing> {
  const rows = await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('iam_signing_keys'))");
    let found = await tx.query<{ kid: string; private_jwk: JWK; public_jwk: JWK }>(
      'SELECT kid, private_jwk, public_jwk FROM iam_signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC',
    );
    if (found.rows.length === 0) {
      const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
      const kid = newId();
      const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
      const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
      await tx.query('INSERT INTO iam_signing_keys (kid, private_jwk, public_jwk) VALUES ($1, $2::jsonb, $3::jsonb)', [
        kid,
        JSON.stringify(privateJwk),
        JSON.stringify(publicJwk),
      ]);
      found = { rows: [{ kid, private_jwk: privateJwk, public_jwk: publicJwk }], rowCount: 1 };
    }
    return found.rows;
  });
  const newest = rows[0]!;
  return {
    current: { kid: newest.kid, privateKey: (await importJWK(newest.private_jwk, 'RS256')) as CryptoKey },
    jwks: { keys: rows.map((row) => row.public_jwk) },
  };
}
