import type { Queryable } from '../../platform/db/database.js';

export interface ThrottleRow {
  key_hash: string;
  failures: number;
  blocked_until: Date | null;
  last_attempt_at: Date;
}

/**
 * The key's row, made when missing, locked for the rest of the transaction: concurrent attempts on one key, from any
 * instance, are counted one after the other. The no-op update is what takes the lock and returns the stored values.
 */
export async function lockThrottleKey(db: Queryable, keyHash: string, now: Date): Promise<ThrottleRow> {
  const { rows } = await db.query<ThrottleRow>(
    `INSERT INTO iam_sign_in_throttle AS t (key_hash, failures, last_attempt_at) VALUES ($1, 0, $2)
     ON CONFLICT (key_hash) DO UPDATE SET key_hash = t.key_hash
     RETURNING key_hash, failures, blocked_until, last_attempt_at`,
    [keyHash, now],
  );
  return rows[0]!;
}

export async function updateThrottleKey(db: Queryable, row: ThrottleRow): Promise<void> {
  await db.query(
    'UPDATE iam_sign_in_throttle SET failures = $2, blocked_until = $3, last_attempt_at = $4 WHERE key_hash = $1',
    [row.key_hash, row.failures, row.blocked_until, row.last_attempt_at],
  );
}

export async function deleteThrottleKey(db: Queryable, keyHash: string): Promise<void> {
  await db.query('DELETE FROM iam_sign_in_throttle WHERE key_hash = $1', [keyHash]);
}

/** Keys quiet since `before` and no longer waiting: they would count from zero again anyway. */
export async function deleteQuietThrottleKeys(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query(
    'DELETE FROM iam_sign_in_throttle WHERE last_attempt_at < $1 AND (blocked_until IS NULL OR blocked_until < $1)',
    [before],
  );
  return rowCount;
}
