import type { Database, Queryable } from '../../platform/db/database.js';
import { type FairQueueTable, fairPick, runFairPick } from '../../platform/jobs/fair-claim.js';
import type { Doc } from '../../platform/resource/declare.js';
import { documentAssignments, RECORD_COLUMNS, recordColumnValues } from '../../platform/resource/repository-sql.js';
import { notificationKind } from './notification.kind.js';
import { type NotificationStatus, statusAfterTry, WAITING_STATUSES } from './notification.lifecycle.js';
import { ATTEMPTS_KEPT, type NotificationAttempt } from './notification-attempt.schema.js';

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

/** The claim columns an inserted record starts with, beside the engine's columns (`RECORD_COLUMNS`); `tries` starts at its default, 0. */
const CLAIM_COLUMNS = {
  event_id: 'text',
  definition_id: 'text',
  receiver_id: 'text',
  status: 'text',
  max_tries: 'int',
  next_try_at: 'timestamptz',
} as const;
const INSERTED = Object.entries({ ...RECORD_COLUMNS, ...CLAIM_COLUMNS });
const INSERT_NOTIFICATIONS = `INSERT INTO notifications (${INSERTED.map(([column]) => column).join(', ')})
     SELECT ${INSERTED.map(([column]) => `r.${column}`).join(', ')}
     FROM jsonb_to_recordset($1::jsonb) AS r(${INSERTED.map(([column, type]) => `${column} ${type}`).join(', ')})
     ON CONFLICT ON CONSTRAINT notifications_delivery_key DO NOTHING`;

/**
 * Inserts the records, skipping any (event, definition, receiver) that has one already, in one statement (a burst of
 * events costs one round trip per dispatch batch, not one per record); answers how many were inserted. The engine's
 * columns (filter keys included) are valued as the engine's insert values them.
 */
export async function insertNotifications(db: Queryable, rows: NewNotificationRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const { rowCount } = await db.query(INSERT_NOTIFICATIONS, [
    JSON.stringify(
      rows.map((row) => ({
        ...recordColumnValues(notificationKind, {
          id: row.id,
          customerId: row.customerId,
          dbVersion: 0,
          createdAt: row.now,
          updatedAt: row.now,
          doc: row.doc,
        }),
        event_id: row.eventId,
        definition_id: row.definitionId,
        receiver_id: row.receiverId,
        status: row.status,
        max_tries: row.maxTries,
        next_try_at: row.nextTryAt?.toISOString() ?? null,
      })),
    ),
  ]);
  return rowCount;
}

export interface ClaimedNotification {
  id: string;
  customer_id: string | null;
  doc: Doc;
  tries: number;
  max_tries: number;
  definition_id: string;
  receiver_id: string;
}

/** The delivery queue: records still to try (migration 0017's index serves the fair claim), due once their time has come and no live lease holds them. */
const DELIVERY_QUEUE: FairQueueTable = {
  table: 'notifications',
  waiting: `status IN (${WAITING_STATUSES.map((status) => `'${status}'`).join(', ')})`,
  due: 'next_try_at <= $3 AND (locked_until IS NULL OR locked_until <= $3)',
  order: ['next_try_at', 'id'],
  lock: true,
};

const CLAIM_DUE = `${fairPick(DELIVERY_QUEUE, { after: '$4', tenants: '$5', perTenant: '$6', busy: '$7', limit: '$8' })},
  claimed AS (
    UPDATE notifications SET locked_by = $1, locked_until = $2 WHERE id IN (SELECT id FROM picked)
    RETURNING id, customer_id, doc, tries, max_tries, definition_id, receiver_id)
  SELECT claimed.*, walk.walked_to, walk.walked FROM walk LEFT JOIN claimed ON true`;

export interface DeliveryClaimRequest {
  workerId: string;
  now: Date;
  leaseUntil: Date;
  /** The round's turn: the tenant key it starts after, and how many tenants it walks. */
  after: string;
  tenants: number;
  perTenant: number;
  /** Tenants whose tries in hand are not done: none of theirs is taken. */
  busy: readonly string[];
  limit: number;
}

/**
 * Leases due records to `workerId` until `leaseUntil`, fairly: at most `perTenant` of each tenant in turn (fairPick),
 * `limit` in all. A record whose lease has run out (its worker died) is due again; records another worker is
 * claiming right now are skipped, never waited for. Answers the records and where the tenants' walk stopped.
 */
export async function claimDue(
  db: Database,
  request: DeliveryClaimRequest,
): Promise<{ claimed: ClaimedNotification[]; walkedTo: string | null; walked: number }> {
  const { rows } = await runFairPick<
    (ClaimedNotification | { [key in keyof ClaimedNotification]: null }) & { walked_to: string | null; walked: number }
  >(db, CLAIM_DUE, [
    request.workerId,
    request.leaseUntil.toISOString(),
    request.now.toISOString(),
    request.after,
    request.tenants,
    request.perTenant,
    [...request.busy],
    request.limit,
  ]);
  const claimed = rows.flatMap(({ walked_to: _to, walked: _walked, ...row }) =>
    row.id === null ? [] : [row as ClaimedNotification],
  );
  return { claimed, walkedTo: rows[0]?.walked_to ?? null, walked: rows[0]?.walked ?? 0 };
}

export interface TryOutcome {
  id: string;
  now: Date;
  success: boolean;
  /** No further try may help (410 Gone, the receiver or definition is gone). */
  final: boolean;
  /** Seconds the receiver asked to wait (Retry-After); capped by `longestDelay`. */
  retryAfterSeconds: number | null;
  /** The record's fields this try sets besides the status and counters (errors, webHookPayload, webHookResponse). */
  fields: Doc;
  /** The try as `GET /notifications/{id}/attempts` lists it, but its number (the record's tries, counted here). */
  attempt: Omit<NotificationAttempt, 'try'>;
}

/**
 * Records tries of records this worker still leases, in one statement, and schedules each one's next try: the delay is
 * the schedule's entry for the tries made (its last entry past its end), stretched to a Retry-After no longer than the
 * longest entry. The same statement keeps each try's attempt, numbered, and drops a record's attempts older than its
 * latest `ATTEMPTS_KEPT` (migration 0018): a try is never counted without its attempt, and a worker that lost its lease
 * writes neither. Answers each record's new status; a record missing from the answer lost its lease (another worker
 * owns it now).
 */
export async function recordTries(
  db: Queryable,
  workerId: string,
  schedule: number[],
  outcomes: TryOutcome[],
): Promise<Map<string, NotificationStatus>> {
  if (outcomes.length === 0) return new Map();
  // The document after the try, written once and keyed from the same expression.
  const afterTry = `(n.doc - 'nextTryTimestamp') || s.fields || jsonb_build_object(
         'status', s.status, 'retryCount', s.tries, 'retryLeft', GREATEST(s.max_tries - s.tries, 0),
         'lastTryTimestamp', s.now_ms, 'dbVersion', n.db_version + 1, 'updateDate', s.now_text)
         || CASE WHEN s.next_try_at IS NULL THEN '{}'::jsonb
            ELSE jsonb_build_object('nextTryTimestamp', floor(extract(epoch FROM s.next_try_at) * 1000)::bigint) END`;
  const { rows } = await db.query<{ id: string; status: NotificationStatus }>(
    `WITH outcome AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb)
         AS o(id text, now_text text, now_ms bigint, success boolean, final boolean, retry_after float8, fields jsonb,
           attempt jsonb)
     ), tried AS (
       SELECT n.id, n.tries + 1 AS tries, n.max_tries, o.now_text, o.now_ms, o.retry_after, o.fields, o.attempt,
         CASE WHEN o.success THEN '${statusAfterTry('delivered')}' WHEN o.final OR n.tries + 1 >= n.max_tries THEN '${statusAfterTry('given up')}' ELSE '${statusAfterTry('to retry')}' END AS status
       FROM notifications n JOIN outcome o ON o.id = n.id WHERE n.locked_by = $2
     ), scheduled AS (
       SELECT tried.*, CASE WHEN status = '${statusAfterTry('to retry')}' THEN now_text::timestamptz + make_interval(secs => GREATEST(
           COALESCE(($3::float8[])[tries + 1], ($3::float8[])[cardinality($3::float8[])]),
           LEAST(COALESCE(retry_after, 0), (SELECT max(d) FROM unnest($3::float8[]) AS d)))) END AS next_try_at
       FROM tried
     ), updated AS (
       UPDATE notifications n SET
         tries = s.tries, status = s.status, next_try_at = s.next_try_at, locked_by = NULL, locked_until = NULL,
         ${documentAssignments(notificationKind, { doc: afterTry, dbVersion: 'n.db_version + 1', updateDate: 's.now_text::timestamptz', owner: 'n.customer_id' })}
       FROM scheduled s WHERE n.id = s.id
       RETURNING n.id, n.status, s.tries, s.attempt
     ), kept AS (
       INSERT INTO notification_attempts (notification_id, try, doc)
       SELECT id, tries, jsonb_build_object('try', tries) || attempt FROM updated
     ), trimmed AS (
       DELETE FROM notification_attempts a USING updated u WHERE a.notification_id = u.id AND a.try <= u.tries - $4::int
     )
     SELECT id, status FROM updated`,
    [
      JSON.stringify(
        outcomes.map((outcome) => ({
          id: outcome.id,
          now_text: outcome.now.toISOString(),
          now_ms: outcome.now.getTime(),
          success: outcome.success,
          final: outcome.final,
          retry_after: outcome.retryAfterSeconds,
          fields: outcome.fields,
          attempt: outcome.attempt,
        })),
      ),
      workerId,
      schedule,
      ATTEMPTS_KEPT,
    ],
  );
  return new Map(rows.map((row) => [row.id, row.status]));
}

/** The claim columns of one record, locked for a change (the retry action holds the record's lock already). */
export async function claimState(
  db: Queryable,
  id: string,
): Promise<{ status: NotificationStatus; tries: number; max_tries: number; locked_until: Date | null } | undefined> {
  const { rows } = await db.query<{
    status: NotificationStatus;
    tries: number;
    max_tries: number;
    locked_until: Date | null;
  }>('SELECT status, tries, max_tries, locked_until FROM notifications WHERE id = $1 FOR UPDATE', [id]);
  return rows[0];
}

/** Makes the record due at `now`, with `maxTries` tries allowed in all. */
export async function scheduleNow(
  db: Queryable,
  id: string,
  status: NotificationStatus,
  maxTries: number,
  now: Date,
): Promise<void> {
  await db.query(
    'UPDATE notifications SET status = $2, max_tries = $3, next_try_at = $4, locked_by = NULL, locked_until = NULL WHERE id = $1',
    [id, status, maxTries, now.toISOString()],
  );
}

/** A page of a record's attempts, oldest first, and how many it has kept, in one statement. */
export async function attemptsPage(
  db: Queryable,
  id: string,
  page: number,
  size: number,
): Promise<{ items: NotificationAttempt[]; total: number }> {
  const { rows } = await db.query<{ items: NotificationAttempt[]; total: number }>(
    `SELECT (SELECT count(*)::int FROM notification_attempts WHERE notification_id = $1) AS total,
       (SELECT COALESCE(jsonb_agg(doc ORDER BY try), '[]'::jsonb) FROM (
         SELECT doc, try FROM notification_attempts WHERE notification_id = $1 ORDER BY try LIMIT $2 OFFSET $3) AS p
       ) AS items`,
    [id, size, page * size],
  );
  return { items: rows[0]!.items, total: rows[0]!.total };
}
