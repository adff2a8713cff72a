import type { Queryable } from '../db/database.js';
import { newId } from '../ids.js';
import type { Doc } from '../registry/document-paths.js';
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
  /**
   * Hides write-only values (secrets) of a record-shaped document. The delta is computed on the real values, so a
   * changed secret still shows as changed, then masked like everything else the event carries.
   */
  mask?: (doc: Doc) => Doc;
}

export function eventOf(change: ChangeDescription): PlatformEvent {
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

export async function recordChange(tx: Queryable, change: ChangeDescription): Promise<PlatformEvent> {
  const event = eventOf(change);
  await appendEvent(tx, event);
  return event;
}
