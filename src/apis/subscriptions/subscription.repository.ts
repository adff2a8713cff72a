import type { Queryable } from '../../platform/db/database.js';

/**
 * Claims up to `limit` subscriptions whose `expirationDate` has passed and that are not EXPIRED yet, locking them;
 * rows another instance holds are skipped (it is expiring them), so instances running the job at once never wait on
 * or repeat each other's work.
 */
export async function claimExpiredSubscriptions(tx: Queryable, table: string, nowMs: number, limit: number): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM ${table}
      WHERE doc #>> '{lifecycle,status}' <> 'EXPIRED' AND (doc #>> '{lifecycle,expirationDate}')::bigint <= $1
      ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [nowMs, limit],
  );
  return rows.map((row) => row.id);
}
