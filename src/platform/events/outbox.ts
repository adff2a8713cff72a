import type { Principal } from '../auth/principal.js';
import type { Queryable } from '../db/database.js';
import { newId } from '../ids.js';
import type { Doc } from '../json-document.js';
import { type Actor, actorOf } from './actor.js';
import { changeWrites } from './change-writes.js';
import { diff } from './delta.js';
import type { PlatformEvent } from './platform-event.schema.js';

export type { PlatformEvent };

export interface ChangeDescription {
  fact: string;
  subject: string;
  customerId: string | null | undefined;
  before: Doc | undefined;
  after: Doc;
  /** The record the event is about, when it is not `after` (a deletion's is the record as it was). */
  involved?: Doc;
  occurredAt: Date;
  /** Who made the change: recorded in the activity log (SYSTEM_PRINCIPAL for the service's own work). */
  by: Principal;
  /**
   * Hides write-only values (secrets) of a record-shaped document. The delta is computed on the real values, so a
   * changed secret still shows as changed, then masked like everything else the event carries.
   */
  mask?: (doc: Doc) => Doc;
}

export function eventOf(change: Omit<ChangeDescription, 'by'>): PlatformEvent {
  const mask = change.mask ?? ((doc: Doc) => doc);
  const { delta, previous } = diff(change.before ?? {}, change.after);
  return {
    id: newId(),
    fact: change.fact,
    subject: change.subject,
    customerId: change.customerId ?? null,
    occurredAt: change.occurredAt.toISOString(),
    what: { delta: mask(delta), previous: mask(previous) },
    involved: { [change.subject]: mask(change.involved ?? change.after) },
  };
}

/** Writes the event in the caller's transaction, so it exists exactly when the change does (or an outside event, published as it is). */
export async function appendEvent(tx: Queryable, event: PlatformEvent): Promise<void> {
  await tx.query(
    'INSERT INTO outbox (id, fact, subject, customer_id, occurred_at, event) VALUES ($1, $2, $3, $4, $5, $6::jsonb)',
    [event.id, event.fact, event.subject, event.customerId, event.occurredAt, JSON.stringify(event)],
  );
}

/** Writes the change's event and its activity entry (who made it) in the caller's transaction. */
export async function recordChange(tx: Queryable, change: ChangeDescription): Promise<PlatformEvent> {
  const event = eventOf(change);
  await appendEventAndActivity(tx, event, actorOf(change.by));
  return event;
}

/**
 * The event and its activity entry (same id; the event's masked delta and previous, never the record) in one
 * statement: one round trip more per write would cost more than the row does (docs/decisions.md, "The activity log").
 */
async function appendEventAndActivity(tx: Queryable, event: PlatformEvent, actor: Actor): Promise<void> {
  const record = event.involved[event.subject] as Doc | undefined;
  const recordId = typeof record?.id === 'string' ? record.id : null;
  await tx.query(
    `WITH event AS (
       INSERT INTO outbox (id, fact, subject, customer_id, occurred_at, event)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING event
     )
     INSERT INTO activity (id, at, fact, subject, record_id, customer_id, actor_type, actor_id, actor_name, delta, previous)
     SELECT $1, $5, $2, $3, $7, $4, $8, $9, $10, event->'what'->'delta', event->'what'->'previous' FROM event`,
    [
      event.id,
      event.fact,
      event.subject,
      event.customerId,
      event.occurredAt,
      JSON.stringify(event),
      recordId,
      actor.type,
      actor.id,
      actor.name,
    ],
  );
}

/**
 * The events and activity entries of many changes in one statement (a bulk upsert's updated records), built before
 * it runs: what `recordChange` writes for each, in their order.
 */
export function changesStatement(changes: ChangeDescription[]): {
  events: PlatformEvent[];
  text: string;
  values: unknown[];
} {
  const { events, json } = changeRows(changes);
  const [change, event, activity] = changeWrites('$1');
  return { events, text: `WITH ${change}, ${event}, ${activity} SELECT 1`, values: [json] };
}

/**
 * The events of `changes` and, as one JSON text, the rows `changeWrites` reads: each event with its outbox columns
 * and the activity entry's actor.
 */
export function changeRows(changes: ChangeDescription[]): { events: PlatformEvent[]; json: string } {
  const events = changes.map(eventOf);
  const rows = events.map((event, index) => {
    const actor = actorOf(changes[index]!.by);
    const record = event.involved[event.subject] as Doc | undefined;
    return {
      id: event.id,
      fact: event.fact,
      subject: event.subject,
      customer_id: event.customerId,
      occurred_at: event.occurredAt,
      event,
      record_id: typeof record?.id === 'string' ? record.id : null,
      actor_type: actor.type,
      actor_id: actor.id,
      actor_name: actor.name,
    };
  });
  return { events, json: JSON.stringify(rows) };
}
