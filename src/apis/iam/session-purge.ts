import type { FastifyBaseLogger } from 'fastify';
import { startBackgroundTask } from '../../platform/background-task.js';
import type { Database } from '../../platform/db/database.js';
import { deleteEndedSessions } from './iam.repository.js';

/**
 * Removes long-ended sessions every `intervalMs` (hourly by default). A day of grace keeps recent revocations
 * visible to the instances that poll for them and to whoever investigates a session.
 */
export function startSessionPurge(db: Database, log: FastifyBaseLogger, intervalMs = 3_600_000, graceSeconds = 86_400): () => void {
  return startBackgroundTask({ name: 'session purge', everyMs: intervalMs, run: () => deleteEndedSessions(db, graceSeconds) }, log);
}
