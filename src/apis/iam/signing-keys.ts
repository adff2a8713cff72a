import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/ids.js';
import { insertSigningKey, liveSigningKeys, lockSigningKeys } from './signing-key.repository.js';

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
    await lockSigningKeys(tx);
    const found = await liveSigningKeys(tx);
    if (found.length > 0) return found;
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const kid = newId();
    const created = {
      kid,
      public_jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
      private_jwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256' },
    };
    await insertSigningKey(tx, created);
    return [created];
  });
  const newest = rows[0]!;
  return {
    current: { kid: newest.kid, privateKey: (await importJWK(newest.private_jwk, 'RS256')) as CryptoKey },
    jwks: { keys: rows.map((row) => row.public_jwk) },
  };
}
