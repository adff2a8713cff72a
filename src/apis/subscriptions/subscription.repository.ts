import type { Queryable } from '../../platform/db/database.js';

/** The expiry job's condition, also the expression and predicate of its index (subscription.resource.ts). */
export const EXPIRATION_DATE_SQL = "(doc #>> '{lifecycle,expirationDate}')::bigint";
export const NOT_EXPIRED_SQL = "doc #>> '{lifecycle,status}' <> 'EXPIRED'";

/**
 * Claims up to `limit` subscriptions whose `expirationDate` has passed and that are not EXPIRED yet, locking them;
 * rows another instance holds are skipped (it is expiring them), so instances running the job at once never wait on
 * or repeat each other's work.
 */
export async function claimExpiredSubscriptions(
  tx: Queryable,
  table: string,
  nowMs: number,
  limit: number,
): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM ${table}
      WHERE ${NOT_EXPIRED_SQL} AND ${EXPIRATION_DATE_SQL} <= $1
      ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [nowMs, limit],
  );
  return rows.map((row) => row.id);
}
