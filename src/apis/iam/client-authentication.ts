import { createHash } from 'node:crypto';
import type { Clock } from '../../platform/clock.js';
import type { Queryable } from '../../platform/db/database.js';
import { OAuthError } from '../../platform/errors/domain-errors.js';
import { signInFailures } from '../../platform/metrics/process-metrics.js';
import * as repo from './iam.repository.js';
import type { SecretHasher } from './passwords.js';

export interface ClientCredentials {
  realm: string;
  clientId: string;
  clientSecret: string;
}

/** RFC 6749 §5.2: 401 `invalid_client`, with the Basic challenge. */
export function invalidClient(description = 'invalid client credentials'): OAuthError {
  return new OAuthError(401, 'invalid_client', description, { 'www-authenticate': 'Basic realm="iam"' });
}

const REMEMBER_MS = 5 * 60_000;
const REMEMBER_AT_MOST = 1000;

/**
 * Checks a confidential client's secret. A secret hash costs ~50 ms of scrypt; resource servers call introspection
 * often, so a successful check is remembered for a few minutes, keyed by the stored hash and the presented secret:
 * a rotated secret (new hash) misses at once, and failures are never remembered, so guessing stays as slow.
 */
export class ClientAuthenticator {
  private readonly verified = new Map<string, number>();

  constructor(
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  async authenticate(
    db: Queryable,
    credentials: ClientCredentials,
  ): Promise<{ client: repo.ClientRow; realm: repo.RealmRow }> {
    const realm = await repo.findRealm(db, credentials.realm);
    const client = realm ? await repo.findClient(db, credentials.realm, credentials.clientId) : undefined;
    // A public client has no secret: it cannot authenticate as a confidential one.
    const ok = await this.secretMatches(credentials.clientSecret, client?.secret_hash ?? undefined);
    if (!realm || !client || !ok) {
      signInFailures.inc({ kind: 'client' });
      throw invalidClient();
    }
    return { client, realm };
  }

  private async secretMatches(secret: string, storedHash: string | undefined): Promise<boolean> {
    // Unknown realm or client: the same hashing work, so timing does not reveal which realms exist.
    if (!storedHash) return this.hasher.verify(secret, undefined);
    const key = createHash('sha256').update(storedHash).update('\0').update(secret).digest('base64url');
    const now = this.clock.now().getTime();
    if ((this.verified.get(key) ?? 0) > now) return true;
    if (!(await this.hasher.verify(secret, storedHash))) return false;
    this.verified.delete(key);
    this.verified.set(key, now + REMEMBER_MS);
    // Insertion order is age order: the oldest entry goes first.
    if (this.verified.size > REMEMBER_AT_MOST) this.verified.delete(this.verified.keys().next().value!);
    return true;
  }
}
