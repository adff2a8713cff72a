import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/database.js';
import type { JobDefinition } from '../../../platform/jobs/job.js';
import { purgeOrphanedRows } from './import-rows.repository.js';

/** How long an upload may take before its staged rows, with no import made of them, count as abandoned. */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60_000;

/**
 * An upload whose process died while it read the file left staged rows no import will ever take (a failed upload
 * deletes its own): they are deleted a day later. Imports and their error reports are kept.
 */
export function importPurgeJob(db: Database, clock: Clock, everyMs = 60 * 60_000): JobDefinition {
  return {
    name: 'product import purge',
    does: 'deletes the staged rows of uploads that never became an import, a day after they began',
    everyMs,
    run: () => purgeOrphanedRows(db, new Date(clock.now().getTime() - ABANDONED_UPLOAD_MS)),
  };
}
