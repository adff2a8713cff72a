import type { Database } from '../db/database.js';
import type { JobDefinition } from '../jobs/job.js';
import { purgeExpiredKeys } from './idempotency-store.js';

/** Expired keys are already ignored by the claim; the purge only keeps the table small. */
export function idempotencyKeyPurgeJob(db: Database, everyMs = 10 * 60_000): JobDefinition {
  return {
    name: 'idempotency-key purge',
    does: 'deletes Idempotency-Keys past their 24 hours of replay',
    everyMs,
    run: () => purgeExpiredKeys(db),
  };
}
