import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Database, Queryable } from '../../platform/db/database.js';
import { turnTaker } from '../../platform/event-loop-turns.js';
import type { PlatformEvent } from '../../platform/events/outbox.js';
import { newId } from '../../platform/ids.js';
import { FairTurn } from '../../platform/jobs/fair-claim.js';
import { drainFairly, type FairClaim, groupByTenant } from '../../platform/jobs/fair-drain.js';
import type { Doc } from '../../platform/resource/declare.js';
import {
  activeReceiversOf,
  claimEventsById,
  definitionsFor,
  eventsById,
  markProcessed,
  markUnclaimedProcessed,
  type OwnedDoc,
  type PendingEvent,
  pendingEvents,
} from './dispatch.repository.js';
import type { MatchOutcome } from './event-matching.js';
import { FIRST_STATUS } from './notification.lifecycle.js';
import { insertNotifications, type NewNotificationRow } from './notification.repository.js';
import type { NotificationDefinition } from './notification-definition.schema.js';
import { notificationSandbox } from './notification-sandbox.js';

/** Records are inserted once this many are waiting (one event's records are never split). */
const INSERT_CHUNK = 100;

export interface DispatcherDeps {
  db: Database;
  clock: Clock;
  /** Delays of the tries, seconds (the first entry is the wait before the first try). */
  schedule: number[];
  /** Where a definition whose paths pass their limits on an event is reported. */
  log?: FastifyBaseLogger;
  /** Told of each group of events dispatched (the lag metrics). */
  onDispatched?: (result: DispatchResult) => void;
}

/** A tenant's definition or receiver sees its own customer's events only; the operator's (no owner) see every event. */
function reaches(owner: OwnedDoc, event: Pick<PlatformEvent, 'customerId'>): boolean {
  return owner.customer_id === null || owner.customer_id === event.customerId;
}

/** `targetedCustomerIds`, when set, narrows a receiver to those customers' events. */
function targets(receiver: OwnedDoc, event: PlatformEvent): boolean {
  const targeted = receiver.doc.targetedCustomerIds;
  return (
    !Array.isArray(targeted) ||
    targeted.length === 0 ||
    (event.customerId !== null && targeted.includes(event.customerId))
  );
}

function recordDoc(
  id: string,
  event: PlatformEvent,
  definition: OwnedDoc,
  main: string | undefined,
  receiver: OwnedDoc,
  retries: number,
  now: Date,
  firstTry: Date,
): Doc {
  const stamp = now.toISOString();
  const emails = receiver.doc.emails;
  return {
    id,
    createDate: stamp,
    updateDate: stamp,
    dbVersion: 0,
    ...(receiver.customer_id ? { customerId: receiver.customer_id } : {}),
    status: FIRST_STATUS,
    eventId: event.id,
    eventFact: event.fact,
    eventSubject: event.subject,
    ...(main === undefined ? {} : { eventMainObjectId: main.slice(0, 1000) }),
    notificationDefinitionId: definition.id,
    notificationReceiverId: receiver.id,
    processedEvent: event,
    processingDate: now.getTime(),
    ...(Array.isArray(emails) && emails.length ? { emails } : {}),
    retryCount: 0,
    retryLeft: retries,
    errors: [],
    nextTryTimestamp: firstTry.getTime(),
  };
}

/**
 * The definitions and receivers a batch reads, each query made once per batch: a burst of alike events costs two
 * lookups, not two per event.
 */
function batchLookups(tx: Queryable): {
  definitions: (event: Pick<PlatformEvent, 'fact' | 'subject'>) => Promise<OwnedDoc[]>;
  receivers: (definitionId: string) => Promise<OwnedDoc[]>;
} {
  const definitions = new Map<string, Promise<OwnedDoc[]>>();
  const receivers = new Map<string, Promise<OwnedDoc[]>>();
  const once = <T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> => {
    let found = cache.get(key);
    if (!found) cache.set(key, (found = load()));
    return found;
  };
  return {
    definitions: (event) =>
      once(definitions, JSON.stringify([event.fact, event.subject]), () =>
        definitionsFor(tx, event.fact, event.subject),
      ),
    receivers: (definitionId) => once(receivers, definitionId, () => activeReceiversOf(tx, definitionId)),
  };
}

/**
 * Whether `definition` matches `event`, its paths run in the program sandbox (a user's path never holds the event
 * loop). A path past its limits matches nothing, and is reported.
 */
async function matchOf(definition: OwnedDoc, event: PlatformEvent, deps: DispatcherDeps): Promise<MatchOutcome> {
  try {
    return await notificationSandbox().run(definition.customer_id, 'matchEvent', {
      definition: definition.doc as NotificationDefinition,
      event,
    });
  } catch (error) {
    deps.log?.warn(
      { err: error, definitionId: definition.id, eventId: event.id },
      'a notification definition could not be matched against an event',
    );
    return { matches: false };
  }
}

/** The records one event calls for. */
async function recordsOf(
  event: PlatformEvent,
  lookups: ReturnType<typeof batchLookups>,
  deps: DispatcherDeps,
  now: Date,
): Promise<NewNotificationRow[]> {
  const rows: NewNotificationRow[] = [];
  const firstTry = new Date(now.getTime() + (deps.schedule[0] ?? 0) * 1000);
  for (const definition of await lookups.definitions(event)) {
    if (!reaches(definition, event)) continue;
    const outcome = await matchOf(definition, event, deps);
    if (!outcome.matches) continue;
    for (const receiver of await lookups.receivers(definition.id)) {
      if (!reaches(receiver, event) || !targets(receiver, event)) continue;
      const id = newId();
      rows.push({
        id,
        customerId: receiver.customer_id,
        doc: recordDoc(id, event, definition, outcome.mainObjectId, receiver, deps.schedule.length - 1, now, firstTry),
        eventId: event.id,
        definitionId: definition.id,
        receiverId: receiver.id,
        status: FIRST_STATUS,
        maxTries: deps.schedule.length,
        nextTryAt: firstTry,
        now,
      });
    }
  }
  return rows;
}

export interface DispatchResult {
  events: number;
  notifications: number;
  /** Seconds between each dispatched event's occurrence and its dispatch. */
  lags: number[];
}

/** Events of one tenant read per claim: a tenant's flood waits behind its own, never in front of another's. */
export const DISPATCH_PER_TENANT = 20;
/** Tenants whose events a dispatcher works on at once. */
const FAIR_TENANTS = 4;
/** Tenants a claim looks at, in turn, for events. */
const TENANTS_WALKED = 100;

/** The ids of `events` for which some definition names their fact and subject and sees their customer. */
async function eventsSomeDefinitionReaches(
  events: PendingEvent[],
  lookups: ReturnType<typeof batchLookups>,
): Promise<string[]> {
  const ids: string[] = [];
  for (const event of events)
    if ((await lookups.definitions(event)).some((definition) => reaches(definition, event))) ids.push(event.id);
  return ids;
}

/**
 * Works out one tenant's events' notification records outside any transaction (matching runs users' paths in the
 * sandbox, and a transaction held meanwhile would hold the embedded database's one connection), then, in one
 * transaction, claims the events no other dispatcher has taken, inserts their records and marks them processed: a
 * crash leaves both undone, and the unique (event, definition, receiver) key means a second dispatcher never creates
 * a record twice. Events that call for no record (most of an import's) are only marked processed, in one statement.
 */
async function dispatchEvents(deps: DispatcherDeps, events: PendingEvent[]): Promise<DispatchResult> {
  if (events.length === 0) return { events: 0, notifications: 0, lags: [] };
  const now = deps.clock.now();
  const lookups = batchLookups(deps.db);
  const planned = new Map<string, NewNotificationRow[]>();
  const matchable = await eventsById(deps.db, await eventsSomeDefinitionReaches(events, lookups));
  const pause = turnTaker();
  for (const event of events) {
    const whole = matchable.get(event.id);
    planned.set(event.id, whole ? await recordsOf(whole, lookups, deps, now) : []);
    if (whole) await pause();
  }
  const result = [...planned.values()].some((rows) => rows.length > 0)
    ? await writeRecords(deps, events, planned, now)
    : lagsOf(events, new Set(await markUnclaimedProcessed(deps.db, ids(events), now)), now, 0);
  deps.onDispatched?.(result);
  return result;
}

const ids = (events: PendingEvent[]) => events.map((event) => event.id);

function lagsOf(events: PendingEvent[], dispatched: Set<string>, now: Date, notifications: number): DispatchResult {
  const lags = events
    .filter((event) => dispatched.has(event.id))
    .map((event) => Math.max(0, (now.getTime() - event.occurredAt.getTime()) / 1000));
  return { events: events.length, notifications, lags };
}

/** In one transaction: claims the events no other dispatcher has taken, inserts their records, marks them processed. */
function writeRecords(
  deps: DispatcherDeps,
  events: PendingEvent[],
  planned: Map<string, NewNotificationRow[]>,
  now: Date,
): Promise<DispatchResult> {
  return deps.db.transaction(async (tx) => {
    const claimed = new Set(await claimEventsById(tx, ids(events)));
    const dispatched = events.filter((event) => claimed.has(event.id));
    let rows: NewNotificationRow[] = [];
    let notifications = 0;
    for (const event of dispatched) {
      rows.push(...planned.get(event.id)!);
      // Bounded statements: each record carries its event, and events may be large.
      if (rows.length >= INSERT_CHUNK) {
        notifications += await insertNotifications(tx, rows);
        rows = [];
      }
    }
    notifications += await insertNotifications(tx, rows);
    await markProcessed(tx, [...claimed], now);
    return lagsOf(events, claimed, now, notifications);
  });
}

/**
 * Turns outbox events into notification records, each tenant's events (the event's customer's) apart: a claim reads
 * the oldest few of each tenant in turn (fairPick), and each tenant's are matched and committed on their own, so a
 * tenant whose events are many or whose definitions are slow delays its own notifications only.
 */
export class Dispatcher {
  private readonly turn = new FairTurn(TENANTS_WALKED);

  constructor(private readonly deps: DispatcherDeps) {}

  /** One round: reads up to `limit` events, a share of each tenant in turn, and dispatches them. */
  async dispatchDue(limit = FAIR_TENANTS * DISPATCH_PER_TENANT): Promise<DispatchResult> {
    const { items } = await this.claim([], limit);
    const groups = groupByTenant(items, { ownerOf: (event) => event.customerId });
    const results = await Promise.all([...groups.values()].map((events) => dispatchEvents(this.deps, events)));
    return {
      events: items.length,
      notifications: results.reduce((sum, result) => sum + result.notifications, 0),
      lags: results.flatMap((result) => result.lags),
    };
  }

  /** Dispatches until no event is left, each tenant's events as one group beside the others' (drainFairly). */
  drain(signal: AbortSignal, pollMs: number): Promise<number> {
    return drainFairly<PendingEvent>(
      {
        claim: (busy, room) => this.claim(busy, room * DISPATCH_PER_TENANT),
        ownerOf: (event) => event.customerId,
        run: async (events) => {
          await dispatchEvents(this.deps, events);
        },
      },
      { concurrency: FAIR_TENANTS, pollMs, signal },
    );
  }

  private async claim(busy: readonly string[], limit: number): Promise<FairClaim<PendingEvent>> {
    const { events, walkedTo, walked } = await pendingEvents(this.deps.db, {
      after: this.turn.start,
      tenants: this.turn.tenants,
      perTenant: Math.min(DISPATCH_PER_TENANT, limit),
      busy,
      limit,
    });
    this.turn.walked(walkedTo, walked);
    return { items: events, wrapped: this.turn.start === '' };
  }
}

/** One round of a new dispatcher (its turn starts at the first tenant): what tests and tools run by hand. */
export function dispatchBatch(deps: DispatcherDeps, limit?: number): Promise<DispatchResult> {
  return new Dispatcher(deps).dispatchDue(limit);
}
