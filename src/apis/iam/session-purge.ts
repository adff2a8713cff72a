import type { Database } from '../../platform/db/database.js';
import type { JobDefinition } from '../../platform/jobs/job.js';
import { deleteExpiredCodes } from './authorization-code.repository.js';
import { deleteEndedSessions } from './iam.repository.js';
import type { SignInThrottle } from './sign-in-throttle.js';

/**
 * Removes long-ended sessions and long-expired authorization codes every `everyMs` (hourly by default), and sign-in
 * throttle keys quiet for 12 hours. A day of grace keeps recent revocations visible to the instances that poll for
 * them and to whoever investigates a session.
 */
export function sessionPurgeJob(
  db: Database,
  throttle: Pick<SignInThrottle, 'purge'>,
  everyMs = 3_600_000,
  graceSeconds = 86_400,
): JobDefinition {
  return {
    name: 'session purge',
    does: 'deletes sessions ended and authorization codes expired more than a day ago, and sign-in throttle keys quiet for 12 hours',
    everyMs,
    run: async () =>
      (await deleteEndedSessions(db, graceSeconds)) +
      (await deleteExpiredCodes(db, graceSeconds)) +
      (await throttle.purge()),
  };
}
