import type { FastifyBaseLogger } from 'fastify';
import { startBackgroundTask } from '../../platform/background-task.js';
import type { Database } from '../../platform/db/database.js';
import { deleteExpiredCodes } from './authorization-codes.js';
import { deleteEndedSessions } from './iam.repository.js';

/**
 * Removes long-ended sessions and long-expired authorization codes every `intervalMs` (hourly by default). A day of grace keeps recent revocations
 * visible to the instances that poll for them and to whoever investigates a session.
 */
export function startSessionPurge(
  db: Database,
  log: FastifyBaseLogger,
  intervalMs = 3_600_000,
  graceSeconds = 86_400,
): () => void {
  const run = async () => (await deleteEndedSessions(db, graceSeconds)) + (await deleteExpiredCodes(db, graceSeconds));
  return startBackgroundTask({ name: 'session purge', everyMs: intervalMs, run }, log);
}
