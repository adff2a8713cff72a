import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { CompactSign, compactVerify, decodeProtectedHeader, type JWK } from 'jose';
import type { DataEncryption } from '../../platform/crypto/data-encryption.js';
import type { Database, Queryable } from '../../platform/db/database.js';
import { NotFoundError, ValidationError } from '../../platform/errors/domain-errors.js';
import { newId } from '../../platform/ids.js';
import { isStorableText } from '../../platform/resource/documents.js';
import type { SignedResponse } from './customer-signing.schema.js';
import { originalDataOf } from './signed-content.js';
import * as repo from './signing.repository.js';

export const SIGNING_ALGORITHM = 'EdDSA';
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export interface VerifiedData {
  payload: Buffer;
  contentType: string;
}

/** The private key is sealed with the owner's id as context: a sealed key copied to another customer does not open. */
const sealContext = (customerId: string) => `customer-signing-key:${customerId}`;

/**
 * Each customer's own Ed25519 key pair, made with the customer; signs raw data as compact JWS and verifies it.
 * Whether the caller may act for the customer is decided before these are called.
 */
export class CustomerSigningService {
  constructor(
    private readonly db: Database,
    private readonly encryption: DataEncryption,
  ) {}

  /** Creates the customer's key pair in the caller's transaction; returns the public JWK. */
  async createKey(tx: Queryable, customerId: string): Promise<JWK> {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const kid = newId();
    const publicJwk: JWK = { ...publicKey.export({ format: 'jwk' }), kid, alg: SIGNING_ALGORITHM, use: 'sig' };
    const sealed = this.encryption.seal(privateKey.export({ format: 'der', type: 'pkcs8' }), sealContext(customerId));
    await repo.insertSigningKey(tx, {
      customer_id: customerId,
      kid,
      public_jwk: publicJwk,
      private_key_sealed: sealed,
    });
    return publicJwk;
  }

  private async keyOf(customerId: string): Promise<repo.SigningKeyRow> {
    const key = await repo.findSigningKey(this.db, customerId);
    if (!key) throw new NotFoundError('signing key of customer', customerId);
    return key;
  }

  /**
   * Signs `payload` as it came. `persist`, or a signature longer than `max` characters, also keeps it (its id is
   * returned as `signatureId`, and `verify` accepts that id in place of the signature).
   */
  async sign(
    customerId: string,
    payload: Buffer,
    contentType: string | undefined,
    options: { persist?: boolean; max?: number },
  ): Promise<SignedResponse> {
    if (payload.length === 0) throw new ValidationError('body must not be empty: it is the data to sign');
    const cty = contentType?.trim() || DEFAULT_CONTENT_TYPE;
    const originalData = originalDataOf(payload, cty);
    const key = await this.keyOf(customerId);
    const privateKey = createPrivateKey({
      key: this.encryption.open(key.private_key_sealed, sealContext(customerId)),
      format: 'der',
      type: 'pkcs8',
    });
    const signedData = await new CompactSign(payload)
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid, cty })
      .sign(privateKey);
    const keep = options.persist === true || (options.max !== undefined && signedData.length > options.max);
    if (!keep) return { originalData, signedData };
    const signatureId = newId();
    await repo.insertSignature(this.db, {
      id: signatureId,
      customer_id: customerId,
      kid: key.kid,
      content_type: cty,
      signed_data: signedData,
    });
    return { originalData, signedData, signatureId };
  }

  /** The signed data, when `signedData` (a compact JWS, or the id of a kept one) is a valid signature by this customer's key; else 400. */
  async verify(customerId: string, signedData: string): Promise<VerifiedData> {
    const refused = (why: string) =>
      new ValidationError(`body.signedData is not a valid signature of customer ${customerId}: ${why}`);
    const jws = await this.resolve(customerId, signedData.trim());
    if (!jws) throw refused('no such kept signature');
    let kid: unknown;
    try {
      kid = decodeProtectedHeader(jws).kid;
    } catch {
      throw refused('it is not a compact JWS');
    }
    const key = await this.keyOf(customerId);
    if (kid !== key.kid) throw refused("it was not made with this customer's key");
    try {
      const { payload, protectedHeader } = await compactVerify(
        jws,
        createPublicKey({ key: key.public_jwk as never, format: 'jwk' }),
        { algorithms: [SIGNING_ALGORITHM] },
      );
      return {
        payload: Buffer.from(payload),
        contentType: typeof protectedHeader.cty === 'string' ? protectedHeader.cty : DEFAULT_CONTENT_TYPE,
      };
    } catch {
      throw refused('the signature does not match the data');
    }
  }

  /** A compact JWS has dots; anything else is taken as the id of a kept signature. */
  private async resolve(customerId: string, signedData: string): Promise<string | undefined> {
    if (signedData.includes('.')) return signedData;
    if (!isStorableText(signedData)) return undefined;
    return (await repo.findSignature(this.db, customerId, signedData))?.signed_data;
  }
}
