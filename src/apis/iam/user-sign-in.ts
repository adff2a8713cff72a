import type { Config } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { OAuthError } from '../../platform/errors/domain-errors.js';
import { lockouts, signInFailures } from '../../platform/metrics/process-metrics.js';
import * as repo from './iam.repository.js';
import type { SecretHasher } from './passwords.js';

const BAD_USER = 'invalid user credentials';

/**
 * A user's password checked the same way wherever it is typed (the password grant, the sign-in page): a locked user
 * gets 429 with the seconds left, a wrong password (or an unknown user or realm, at the same cost) 401 and a failure
 * counted towards the lockout.
 */
export class UserSignIn {
  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, 'lockoutThreshold' | 'lockoutSeconds'>,
    private readonly clock: Clock,
    private readonly hasher: SecretHasher,
  ) {}

  async verify(
    realmName: string,
    username: string,
    password: string,
  ): Promise<{ realm: repo.RealmRow; user: repo.UserRow }> {
    const realm = await repo.findRealm(this.db, realmName);
    const user = realm ? await repo.findUserByName(this.db, realmName, username) : undefined;
    const now = this.clock.now().getTime();
    if (user?.locked_until && user.locked_until.getTime() > now) {
      const retryAfter = Math.ceil((user.locked_until.getTime() - now) / 1000);
      throw new OAuthError(
        429,
        'invalid_grant',
        `too many failed attempts; the account is locked for ${retryAfter} more seconds`,
        { 'retry-after': String(retryAfter) },
      );
    }
    const ok = await this.hasher.verify(password, user?.password_hash);
    if (!realm || !user || !ok) {
      signInFailures.inc({ kind: 'user' });
      const lockedUntil = user
        ? await repo.recordFailedLogin(
            this.db,
            user.id,
            this.config.lockoutThreshold,
            new Date(now + this.config.lockoutSeconds * 1000),
          )
        : null;
      if (lockedUntil && lockedUntil.getTime() > now) lockouts.inc();
      throw new OAuthError(401, 'invalid_grant', BAD_USER);
    }
    await repo.clearFailedLogins(this.db, user.id);
    return { realm, user };
  }
}

/** The identity claims of a user's tokens. */
export function userProfile(user: repo.UserRow): Record<string, string | undefined> {
  return {
    preferred_username: user.username,
    email: user.email ?? undefined,
    given_name: user.first_name ?? undefined,
    family_name: user.last_name ?? undefined,
  };
}
