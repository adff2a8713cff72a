import type { Database, Queryable } from '../../platform/db/database.js';
import type { PlatformEvent } from '../../platform/events/outbox.js';
import { type FairQueueTable, fairPick, runFairPick } from '../../platform/jobs/fair-claim.js';
import type { Doc } from '../../platform/resource/declare.js';

/** The dispatcher's statements on the outbox and the definitions and receivers it matches: one function per statement. */

/** The events still to dispatch, a tenant's (the event's customer's) oldest first (migration 0017's index). */
const DISPATCH_QUEUE: FairQueueTable = {
  table: 'outbox',
  waiting: 'processed_at IS NULL',
  due: 'true',
  order: ['occurred_at', 'id'],
  lock: false,
  columns: ['fact', 'subject', 'customer_id'],
};

export const PENDING_EVENTS = `${fairPick(DISPATCH_QUEUE, { after: '$1', tenants: '$2', perTenant: '$3', busy: '$4', limit: '$5' })}
  SELECT picked.id, picked.fact, picked.subject, picked.customer_id, picked.occurred_at, walk.walked_to, walk.walked
  FROM walk LEFT JOIN picked ON true ORDER BY picked.occurred_at, picked.id`;

/**
 * What the dispatcher reads of an event before it knows whether a definition may match it: the event itself is read
 * only for those (eventsById), so the events no definition names (most, in an import) are never sent or parsed.
 */
export type PendingEvent = Pick<PlatformEvent, 'id' | 'fact' | 'subject' | 'customerId'> & { occurredAt: Date };

export interface FairRound {
  /** The tenant key the round's walk starts after, and how many tenants it walks. */
  after: string;
  tenants: number;
  perTenant: number;
  /** Tenants whose events in hand are not dispatched yet: none of theirs is read. */
  busy: readonly string[];
  limit: number;
}

type PendingRow = {
  id: string | null;
  fact: string;
  subject: string;
  customer_id: string | null;
  occurred_at: Date | string;
  walked_to: string | null;
  walked: number;
};

/**
 * Unprocessed events, the oldest `perTenant` of each tenant in turn (fairPick), read without a lock: the dispatcher
 * claims them when it writes their records. Answers them in order and where the tenants' walk stopped.
 */
export async function pendingEvents(
  db: Database,
  round: FairRound,
): Promise<{ events: PendingEvent[]; walkedTo: string | null; walked: number }> {
  const { rows } = await runFairPick<PendingRow>(db, PENDING_EVENTS, [
    round.after,
    round.tenants,
    round.perTenant,
    [...round.busy],
    round.limit,
  ]);
  return {
    events: rows.flatMap((row) =>
      row.id
        ? [
            {
              id: row.id,
              fact: row.fact,
              subject: row.subject,
              customerId: row.customer_id,
              occurredAt: new Date(row.occurred_at),
            },
          ]
        : [],
    ),
    walkedTo: rows[0]?.walked_to ?? null,
    walked: rows[0]?.walked ?? 0,
  };
}

/** The events of `ids`, by id. */
export async function eventsById(db: Queryable, ids: string[]): Promise<Map<string, PlatformEvent>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ event: PlatformEvent }>('SELECT event FROM outbox WHERE id = ANY($1::text[])', [
    ids,
  ]);
  return new Map(rows.map((row) => [row.event.id, row.event]));
}

/** Of `ids`, the events still unprocessed, locked for this transaction; those another dispatcher holds are skipped. */
export async function claimEventsById(db: Queryable, ids: string[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM outbox WHERE id = ANY($1::text[]) AND processed_at IS NULL FOR UPDATE SKIP LOCKED',
    [ids],
  );
  return rows.map((row) => row.id);
}

export async function markProcessed(db: Queryable, ids: string[], now: Date): Promise<void> {
  await db.query('UPDATE outbox SET processed_at = $2, attempts = attempts + 1 WHERE id = ANY($1::text[])', [
    ids,
    now.toISOString(),
  ]);
}

/**
 * Marks processed, in one statement, those of `ids` still unprocessed: events that call for no record, so nothing
 * else is written with them. An event another dispatcher holds is waited for, then skipped (it is processed by then).
 * Answers the ids marked.
 */
export async function markUnclaimedProcessed(db: Queryable, ids: string[], now: Date): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE outbox SET processed_at = $2, attempts = attempts + 1
     WHERE id = ANY($1::text[]) AND processed_at IS NULL RETURNING id`,
    [ids, now.toISOString()],
  );
  return rows.map((row) => row.id);
}

export interface OwnedDoc {
  id: string;
  customer_id: string | null;
  doc: Doc;
}

/** Definitions whose matcher names this fact and subject (the GIN index of the document serves the containment). */
export async function definitionsFor(db: Queryable, fact: string, subject: string): Promise<OwnedDoc[]> {
  const { rows } = await db.query<OwnedDoc>(
    'SELECT id, customer_id, doc FROM notification_definitions WHERE doc @> $1::jsonb ORDER BY id',
    [JSON.stringify({ eventMatcher: { fact, subject } })],
  );
  return rows;
}

/** ACTIVE receivers listing the definition. */
export async function activeReceiversOf(db: Queryable, definitionId: string): Promise<OwnedDoc[]> {
  const { rows } = await db.query<OwnedDoc>(
    'SELECT id, customer_id, doc FROM notification_receivers WHERE doc @> $1::jsonb ORDER BY id',
    [JSON.stringify({ status: 'ACTIVE', notificationDefinitionIds: [definitionId] })],
  );
  return rows;
}

/** Deletes up to `limit` events dispatched before `before`, oldest first; answers how many. */
export async function purgeDispatched(db: Queryable, before: Date, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    'DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE processed_at < $1 ORDER BY processed_at LIMIT $2)',
    [before.toISOString(), limit],
  );
  return rowCount;
}

/** Oldest unprocessed event's age basis, for the backlog metrics. */
export async function outboxBacklog(db: Queryable): Promise<{ count: number; oldest: Date | null }> {
  const { rows } = await db.query<{ count: number; oldest: Date | null }>(
    'SELECT count(*)::int AS count, min(occurred_at) AS oldest FROM outbox WHERE processed_at IS NULL',
  );
  return { count: rows[0]?.count ?? 0, oldest: rows[0]?.oldest ? new Date(rows[0].oldest) : null };
}

/** The definitions and receivers of a claimed batch, by id: one query per table, not one per record. */
export async function docsById(
  db: Queryable,
  table: 'notification_definitions' | 'notification_receivers',
  ids: string[],
): Promise<Map<string, OwnedDoc>> {
  const { rows } = await db.query<OwnedDoc>(`SELECT id, customer_id, doc FROM ${table} WHERE id = ANY($1::text[])`, [
    [...new Set(ids)],
  ]);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The notification records by status, for the metrics. */
export async function notificationsByStatus(db: Queryable): Promise<Record<string, number>> {
  const { rows } = await db.query<{ status: string; count: number }>(
    'SELECT status, count(*)::int AS count FROM notifications GROUP BY status',
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}
