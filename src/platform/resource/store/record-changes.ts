import type { Queryable } from '../../db/database.js';

/** An owner's change rows beyond this many are folded into one by the compaction (a listing reads all of them). */
export const FOLDED_AFTER = 32;

/** How many owners one run folds: a run's statement stays short; the next run takes the rest. */
const OWNERS_A_RUN = 500;

/**
 * Folds the change rows (migration 0025's `record_changes`) of owners that have more than FOLDED_AFTER into one row
 * each: their summed delta under a new generation. Rows a writer has not committed yet are not seen, so they stay;
 * two runs at once each fold the rows they deleted (a row deleted by one is skipped by the other), so every delta is
 * counted once. Returns how many rows were folded away.
 */
export async function foldRecordChanges(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ folded: string }>(
    `WITH crowded AS (
       SELECT table_name, customer_id FROM record_changes GROUP BY 1, 2 HAVING count(*) > $1 LIMIT $2
     ), gone AS (
       DELETE FROM record_changes c USING crowded o WHERE c.table_name = o.table_name AND c.customer_id = o.customer_id
       RETURNING c.table_name, c.customer_id, c.delta
     ), folded AS (
       INSERT INTO record_changes (table_name, customer_id, delta)
       SELECT table_name, customer_id, sum(delta) FROM gone GROUP BY 1, 2
       RETURNING 1
     )
     SELECT ((SELECT count(*) FROM gone) - (SELECT count(*) FROM folded))::text AS folded`,
    [FOLDED_AFTER, OWNERS_A_RUN],
  );
  return Number(rows[0]?.folded ?? 0);
}
