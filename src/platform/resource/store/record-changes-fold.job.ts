import type { Queryable } from '../../db/database.js';
import type { JobDefinition } from '../../jobs/job.js';
import { foldRecordChanges } from './record-changes.js';

/**
 * Keeps what a listing reads of its owners' changes short: every write statement appends a row per owner it touched
 * (so that one owner's writes never wait for each other), and this folds an owner's rows into one.
 */
export function recordChangesFoldJob(db: Queryable, everyMs = 5_000): JobDefinition {
  return {
    name: 'record change folding',
    does: "folds each owner's change rows (appended by every write, read by every listing's count) into one",
    everyMs,
    run: () => foldRecordChanges(db),
  };
}
