import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt (RFC 7914) from node:crypto: memory-hard, no native add-on. The cost is N = 2^PASSWORD_HASH_COST (default 15:
// ~32 MiB and ~50-120 ms a hash here), r=8, p=1; every hash stores its own, so the setting can change at any time.
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
/** The most memory one check may take: what the highest PASSWORD_HASH_COST (17) needs, 128 MiB. */
const MOST_MEMORY = 128 * 2 ** 17 * R * P;

function derive(secret: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  // scrypt needs 128·N·r·p bytes; the bound is what the stored parameters need, not a fixed guess.
  const maxmem = 2 * 128 * n * r * p;
  return new Promise((resolve, reject) =>
    scrypt(secret.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * Hashes and checks passwords and client secrets at the configured cost. A hash verifies with the parameters it
 * was made with, so raising or lowering the cost leaves every stored hash valid.
 */
export class SecretHasher {
  private readonly n: number;
  private decoy: Promise<string> | undefined;

  /** `cost`: log2 of scrypt's N (PASSWORD_HASH_COST). */
  constructor(cost: number) {
    this.n = 2 ** cost;
  }

  /** `scrypt$N$r$p$salt$hash`, base64url parts. */
  async hash(secret: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(secret, salt, this.n, R, P);
    return ['scrypt', this.n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  /**
   * Whether `secret` matches `stored`. Without a stored hash (no such user, realm or client) the same work is done
   * against a decoy, so timing does not reveal which names exist; the answer is then false.
   */
  async verify(secret: string, stored: string | undefined): Promise<boolean> {
    if (stored === undefined) return this.matches(secret, await this.decoyHash()).then(() => false);
    return this.matches(secret, stored);
  }

  private async matches(secret: string, stored: string): Promise<boolean> {
    const [scheme, ...parts] = stored.split('$');
    const [n, r, p] = parts.slice(0, 3).map(Number) as [number, number, number];
    const [salt, hash] = parts.slice(3);
    // A damaged hash matches nothing: parameters scrypt would refuse, or that no setting makes (which could take
    // more memory than the largest cost), must not turn a sign-in into a 500 or hold the pool.
    const whole = [n, r, p].every((value) => Number.isSafeInteger(value) && value >= 1);
    const usable = whole && n > 1 && (n & (n - 1)) === 0 && 128 * n * r * p <= MOST_MEMORY;
    if (scheme !== 'scrypt' || !usable || !salt || !hash) return false;
    const expected = Buffer.from(hash, 'base64url');
    const actual = await derive(secret, Buffer.from(salt, 'base64url'), n, r, p);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  private decoyHash(): Promise<string> {
    this.decoy ??= this.hash(randomBytes(16).toString('hex'));
    return this.decoy;
  }
}

/** A random secret for clients and generated passwords. */
export function generateSecret(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}
