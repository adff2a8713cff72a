import { WAITING_STATUSES } from './import-life-cycle.js';

/** SQL over the import records that is not the engine's: the condition the job's claim and its index share. */

/** The SQL predicate of an import the job still works on (the fair claim's partial index), from the life cycle. */
export const IMPORT_WAITING = `doc->>'status' IN (${WAITING_STATUSES.map((status) => `'${status}'`).join(', ')})`;
