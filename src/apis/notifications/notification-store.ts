import type { Queryable } from '../../platform/db/database.js';
import type { Doc } from '../../platform/registry/document-paths.js';
import { filterKeysOf, filterKeysSql } from '../../platform/registry/filter-keys.js';
import { notificationResource } from './notification.resource.js';
import type { NotificationStatus } from './notification.schema.js';

/** The record's filter keys: these statements write its document without the engine, so they keep them too. */
const { filters } = notificationResource;

/**
 * The statements of the dispatcher and the delivery workers on the `notifications` table (migration 0007): one
 * function per statement. The claim columns (`status`, `tries`, `next_try_at`, `locked_by`, `locked_until`) decide;
 * the document mirrors them for readers.
 */
export interface NewNotificationRow {
  id: string;
  customerId: string | null;
  doc: Doc;
  eventId: string;
  definitionId: string;
  receiverId: string;
  status: NotificationStatus;
  maxTries: number;
  nextTryAt: Date | null;
  now: Date;
}

/** Inserts the record unless this (event, definition, receiver) already has one; true when inserted. */
export async function insertNotification(db: Queryable, row: NewNotificationRow): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO notifications (id, customer_id, db_version, create_date, update_date, doc, event_id, definition_id, receiver_id, status, tries, max_tries, next_try_at, filter_keys)
     VALUES ($1, $2, 0, $3, $3, $4::jsonb, $5, $6, $7, $8, 0, $9, $10, $11::text[])
     ON CONFLICT ON CONSTRAINT notifications_delivery_key DO NOTHING`,
    [
      row.id,
      row.customerId,
      row.now.toISOString(),
      JSON.stringify(row.doc),
      row.eventId,
      row.definitionId,
      row.receiverId,
      row.status,
      row.maxTries,
      row.nextTryAt?.toISOString() ?? null,
      filterKeysOf(filters, row.customerId, row.doc),
    ],
  );
  return rowCount > 0;
}

export interface ClaimedNotification {
  id: string;
  doc: Doc;
  tries: number;
  max_tries: number;
  definition_id: string;
  receiver_id: string;
}

/**
 * Leases up to `limit` due records to `workerId` until `leaseUntil`. A record whose lease has run out (its worker
 * died) is due again; records another worker is claiming right now are skipped, never waited for.
 */
export async function claimDue(db: Queryable, workerId: string, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedNotification[]> {
  const { rows } = await db.query<ClaimedNotification>(
    `UPDATE notifications SET locked_by = $1, locked_until = $2
     WHERE id IN (
       SELECT id FROM notifications
       WHERE status IN ('PENDING', 'RETRYING') AND next_try_at <= $3 AND (locked_until IS NULL OR locked_until <= $3)
       ORDER BY next_try_at, id LIMIT $4 FOR UPDATE SKIP LOCKED)
     RETURNING id, doc, tries, max_tries, definition_id, receiver_id`,
    [workerId, leaseUntil.toISOString(), now.toISOString(), limit],
  );
  return rows;
}

export interface TryOutcome {
  id: string;
  workerId: string;
  now: Date;
  success: boolean;
  /** No further try may help (410 Gone, the receiver or definition is gone). */
  final: boolean;
  /** Seconds the receiver asked to wait (Retry-After); capped by `longestDelay`. */
  retryAfterSeconds: number | null;
  /** Delays of the tries, seconds: index k is the wait before try k + 1. */
  schedule: number[];
  /** The record's fields this try sets besides the status and counters (errors, webHookPayload, webHookResponse). */
  fields: Doc;
}

/**
 * Records a try of a record this worker still leases, and schedules the next one: the delay is the schedule's entry
 * for the tries made (its last entry past its end), stretched to a Retry-After no longer than the longest entry.
 * Answers the new status, or undefined when the lease was lost (another worker owns the record now).
 */
export async function recordTry(db: Queryable, outcome: TryOutcome): Promise<NotificationStatus | undefined> {
  // The document after the try, written once and keyed from the same expression.
  const afterTry = `(n.doc - 'nextTryTimestamp') || $8::jsonb || jsonb_build_object(
         'status', s.status, 'retryCount', s.tries, 'retryLeft', GREATEST(s.max_tries - s.tries, 0),
         'lastTryTimestamp', $9::bigint, 'dbVersion', n.db_version + 1, 'updateDate', $10::text)
         || CASE WHEN s.next_try_at IS NULL THEN '{}'::jsonb
            ELSE jsonb_build_object('nextTryTimestamp', floor(extract(epoch FROM s.next_try_at) * 1000)::bigint) END`;
  const { rows } = await db.query<{ status: NotificationStatus }>(
    `WITH tried AS (
       SELECT id, tries + 1 AS tries, max_tries,
         CASE WHEN $3::boolean THEN 'SUCCESS' WHEN $4::boolean OR tries + 1 >= max_tries THEN 'FAILED' ELSE 'RETRYING' END AS status
       FROM notifications WHERE id = $1 AND locked_by = $2
     ), scheduled AS (
       SELECT tried.*, CASE WHEN status = 'RETRYING' THEN $5::timestamptz + make_interval(secs => GREATEST(
           COALESCE(($6::float8[])[tries + 1], ($6::float8[])[cardinality($6::float8[])]),
           LEAST(COALESCE($7::float8, 0), (SELECT max(d) FROM unnest($6::float8[]) AS d)))) END AS next_try_at
       FROM tried
     )
     UPDATE notifications n SET
       tries = s.tries, status = s.status, next_try_at = s.next_try_at, locked_by = NULL, locked_until = NULL,
       db_version = n.db_version + 1, update_date = $5,
       doc = ${afterTry},
       filter_keys = ${filterKeysSql(filters, afterTry, 'n.customer_id')}
     FROM scheduled s WHERE n.id = s.id
     RETURNING n.status`,
    [
      outcome.id,
      outcome.workerId,
      outcome.success,
      outcome.final,
      outcome.now.toISOString(),
      outcome.schedule,
      outcome.retryAfterSeconds,
      JSON.stringify(outcome.fields),
      outcome.now.getTime(),
      outcome.now.toISOString(),
    ],
  );
  return rows[0]?.status;
}

/** The claim columns of one record, locked for a change (the retry action holds the record's lock already). */
export async function claimState(db: Queryable, id: string): Promise<{ status: NotificationStatus; tries: number; max_tries: number; locked_until: Date | null } | undefined> {
  const { rows } = await db.query<{ status: NotificationStatus; tries: number; max_tries: number; locked_until: Date | null }>(
    'SELECT status, tries, max_tries, locked_until FROM notifications WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows[0];
}

/** Makes the record due at `now`, with `maxTries` tries allowed in all. */
export async function scheduleNow(db: Queryable, id: string, status: NotificationStatus, maxTries: number, now: Date): Promise<void> {
  await db.query('UPDATE notifications SET status = $2, max_tries = $3, next_try_at = $4, locked_by = NULL, locked_until = NULL WHERE id = $1', [id, status, maxTries, now.toISOString()]);
}
