import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const VERSION = 'v1';

/** Data sealed with another key (or altered) cannot be opened. */
export class DecryptionError extends Error {}

/**
 * AES-256-GCM for values kept at rest (private keys). A sealed value is `v1.<keyId>.<iv>.<tag>.<ciphertext>`
 * (base64url parts); `keyId` names the key (a hash of it, not the key), so a value sealed under another key says so.
 * `context` (e.g. the owner's id) is bound as additional data: a value copied to another owner does not open.
 */
export class DataEncryption {
  readonly keyId: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the data encryption key must be 32 bytes');
    this.keyId = createHash('sha256').update(key).digest('base64url').slice(0, 11);
  }

  seal(plain: Buffer, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
    return [
      VERSION,
      this.keyId,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      ciphertext.toString('base64url'),
    ].join('.');
  }

  open(sealed: string, context: string): Buffer {
    const [version, keyId, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined)
      throw new DecryptionError('the sealed value is not in a known format');
    if (keyId !== this.keyId)
      throw new DecryptionError(
        `the value was sealed with key ${keyId}, but the configured DATA_ENCRYPTION_KEY is ${this.keyId}`,
      );
    try {
      const decipher = createDecipheriv(ALGORITHM, this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
    } catch {
      throw new DecryptionError(
        'the sealed value does not open with this key and context (altered, or sealed for another owner)',
      );
    }
  }
}
