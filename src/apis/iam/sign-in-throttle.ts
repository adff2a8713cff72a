import { createHash } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import type { Database, Queryable } from '../../platform/db/database.js';
import { signInsThrottled } from '../../platform/metrics/process-metrics.js';
import * as repo from './sign-in-throttle.repository.js';

/** The first wait once a key has used its free attempts; each further attempt doubles it, up to the largest. */
const FIRST_DELAY_SECONDS = 1;
/** A key quiet this long counts from zero again (Keycloak's "failure reset time"). */
export const FORGET_AFTER_SECONDS = 12 * 3600;

/** How one key slows down: `free` attempts, then waits of 1 s, 2 s, 4 s, … up to `maxDelaySeconds` between two. */
export interface ThrottleRule {
  free: number;
  maxDelaySeconds: number;
}

/** The state of a key after one more attempt at `now` (an allowed one: its wait, if any, is over). */
export function afterAttempt(row: repo.ThrottleRow, now: Date, rule: ThrottleRule): repo.ThrottleRow {
  const forgotten = now.getTime() - row.last_attempt_at.getTime() >= FORGET_AFTER_SECONDS * 1000;
  const failures = (forgotten ? 0 : row.failures) + 1;
  const over = failures - rule.free;
  const delaySeconds = over > 0 ? Math.min(FIRST_DELAY_SECONDS * 2 ** Math.min(over - 1, 30), rule.maxDelaySeconds) : 0;
  return {
    key_hash: row.key_hash,
    failures,
    blocked_until: delaySeconds > 0 ? new Date(now.getTime() + delaySeconds * 1000) : null,
    last_attempt_at: now,
  };
}

/** Seconds until the key may be tried again; 0 when it may be now. */
export function secondsToWait(row: repo.ThrottleRow, now: Date): number {
  const left = (row.blocked_until?.getTime() ?? 0) - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** Who is signing in, as the throttle keys it. Nothing here depends on whether the realm or the user exists. */
export interface SignInAttempt {
  realm: string;
  username: string;
  clientAddress: string;
}

type Claim = { allowed: true; keys: SignInKeys } | { allowed: false; retryAfter: number };
interface SignInKeys {
  pair: string;
  address: string;
}

const keyHash = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('base64url');

/**
 * Slows password guessing without shutting anyone out for everybody (OWASP's authentication cheat sheet, Keycloak's
 * brute-force detection): a growing wait per (realm, username, client address), and a looser one per client address
 * whatever the username. An attempt is counted before its password is checked, in a transaction over the keys' rows,
 * so parallel guesses, on one instance or several, are counted one by one; a successful sign-in takes its own back.
 * A throttled attempt is refused without looking the user up: the answer cannot depend on whether the user exists.
 */
export class SignInThrottle {
  private readonly pairRule: ThrottleRule;
  private readonly addressRule: ThrottleRule;

  constructor(
    private readonly db: Database,
    config: Pick<Config, 'signInFreeAttempts' | 'signInAddressFreeAttempts' | 'signInMaxDelaySeconds'>,
    private readonly clock: Clock,
  ) {
    this.pairRule = { free: config.signInFreeAttempts, maxDelaySeconds: config.signInMaxDelaySeconds };
    this.addressRule = { free: config.signInAddressFreeAttempts, maxDelaySeconds: config.signInMaxDelaySeconds };
  }

  /** Counts the attempt, or refuses it with the seconds to wait when one of its keys is waiting. */
  async claim(attempt: SignInAttempt): Promise<Claim> {
    const keys: SignInKeys = {
      pair: keyHash('user', attempt.realm, attempt.username, attempt.clientAddress),
      address: keyHash('address', attempt.clientAddress),
    };
    const now = this.clock.now();
    const retryAfter = await this.db.transaction(async (tx) => {
      // Locked in one order (the pair first) by every attempt: two attempts never wait for each other's second lock.
      const pair = await repo.lockThrottleKey(tx, keys.pair, now);
      const address = await repo.lockThrottleKey(tx, keys.address, now);
      const wait = Math.max(secondsToWait(pair, now), secondsToWait(address, now));
      if (wait > 0) {
        signInsThrottled.inc({ key: secondsToWait(pair, now) > 0 ? 'username' : 'address' });
        return wait;
      }
      await repo.updateThrottleKey(tx, afterAttempt(pair, now, this.pairRule));
      await repo.updateThrottleKey(tx, afterAttempt(address, now, this.addressRule));
      return 0;
    });
    return retryAfter > 0 ? { allowed: false, retryAfter } : { allowed: true, keys };
  }

  /** The right password: the username's count from this address starts again, and the address gets its attempt back. */
  async succeeded(keys: SignInKeys): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.deleteThrottleKey(tx, keys.pair);
      const address = await repo.lockThrottleKey(tx, keys.address, this.clock.now());
      const failures = Math.max(address.failures - 1, 0);
      const stillOver = failures > this.addressRule.free;
      await repo.updateThrottleKey(tx, {
        ...address,
        failures,
        blocked_until: stillOver ? address.blocked_until : null,
      });
    });
  }

  /** Deletes keys quiet for FORGET_AFTER_SECONDS (the session purge calls it). */
  purge(db: Queryable = this.db): Promise<number> {
    return repo.deleteQuietThrottleKeys(db, new Date(this.clock.now().getTime() - FORGET_AFTER_SECONDS * 1000));
  }
}
