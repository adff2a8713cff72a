import type { Database } from '../../platform/db/database.js';
import { OAuthError } from '../../platform/errors/domain-errors.js';
import { signInFailures } from '../../platform/metrics/process-metrics.js';
import * as repo from './iam.repository.js';
import type { SecretHasher } from './passwords.js';
import type { SignInAttempt, SignInThrottle } from './sign-in-throttle.js';

const BAD_USER = 'invalid user credentials';

/** A password typed by someone at `clientAddress`, for `username` of `realm`. */
export interface PasswordAttempt extends SignInAttempt {
  password: string;
}

/**
 * A user's password checked the same way wherever it is typed (the password grant, the sign-in page). Every refusal
 * is the same for an unknown realm, an unknown user and a wrong password: the throttle's 429 comes before anything is
 * looked up, and the 401 after the same queries and the same hashing work (a decoy hash when there is no user).
 */
export class UserSignIn {
  constructor(
    private readonly db: Database,
    private readonly throttle: SignInThrottle,
    private readonly hasher: SecretHasher,
  ) {}

  async verify(attempt: PasswordAttempt): Promise<{ realm: repo.RealmRow; user: repo.UserRow }> {
    const claim = await this.throttle.claim(attempt);
    if (!claim.allowed)
      throw new OAuthError(429, 'invalid_grant', `too many failed sign-ins; retry in ${claim.retryAfter} s`, {
        'retry-after': String(claim.retryAfter),
      });
    // Both lookups run whether the realm exists or not, so an unknown realm costs what an unknown user does.
    const realm = await repo.findRealm(this.db, attempt.realm);
    const user = await repo.findUserByName(this.db, attempt.realm, attempt.username);
    const ok = await this.hasher.verify(attempt.password, user?.password_hash);
    if (!realm || !user || !ok) {
      signInFailures.inc({ kind: 'user' });
      throw new OAuthError(401, 'invalid_grant', BAD_USER);
    }
    await this.throttle.succeeded(claim.keys);
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
