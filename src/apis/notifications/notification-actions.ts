import Type from 'typebox';
import { ConflictError, ValidationError } from '../../platform/errors/domain-errors.js';
import { appendEvent, type PlatformEvent } from '../../platform/events/outbox.js';
import { newId } from '../../platform/ids.js';
import {
  type ActionDefinition,
  type ChangingRecordAction,
  defineAction,
  Id,
  Obj,
  StringMap,
  Text,
} from '../../platform/resource/declare.js';
import { assertStorable } from '../../platform/resource/documents.js';
import { retryFrom } from './notification.lifecycle.js';
import { claimState, scheduleNow } from './notification.repository.js';
import type { NotificationSchema } from './notification.schema.js';
import { listNotificationAttempts } from './notification-attempts.action.js';

type Kind = typeof NotificationSchema;

/** Deepest nesting an outside event may have: far beyond real records, well within what PostgreSQL's jsonb parser takes. */
export const MAX_EVENT_DEPTH = 32;

/** How deeply `value` nests objects and arrays (iteratively: any depth is safe to measure). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_EVENT_DEPTH) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** 400 for an event nested deeper than `MAX_EVENT_DEPTH`. */
export function assertEventDepth(body: unknown): void {
  if (depthOf(body) > MAX_EVENT_DEPTH)
    throw new ValidationError(`body must not nest objects and arrays more than ${MAX_EVENT_DEPTH} deep`);
}

/** Event content is free JSON: keys and entries are bounded here, depth by `MAX_EVENT_DEPTH`, size by the body limit. */
const FreeObject = (description: string) => StringMap(Type.Unknown(), { description });

export const OutsideEventSchema = Obj(
  {
    fact: Text({ minLength: 1, maxLength: 100, description: 'created, updated, paid, ...' }),
    subject: Text({
      minLength: 1,
      maxLength: 100,
      description: 'kebab-case name of what the event is about: order, payment, ...',
    }),
    customerId: Type.Optional(
      Id({
        minLength: 1,
        description: "the customer the event concerns; default the caller's own (none for the operator)",
      }),
    ),
    what: Type.Optional(
      Obj({
        delta: Type.Optional(FreeObject('changed fields, new values')),
        previous: Type.Optional(FreeObject('changed fields, old values')),
      }),
    ),
    involved: Type.Optional(FreeObject('the records involved, by subject')),
  },
  {
    $id: 'OutsideEvent',
    title: 'Outside event',
    examples: [
      {
        fact: 'paid',
        subject: 'order',
        what: { delta: { status: 'PAID' }, previous: { status: 'OPEN' } },
        involved: { order: { id: 'order-1', status: 'PAID' } },
      },
    ],
  },
);

/** POST /events: an outside system publishes a platform event (docs/product-decisions.md §5); it joins the outbox like any other. */
const publishEvent: ActionDefinition<Kind> = defineAction({
  on: 'collection',
  path: '/events',
  operationId: 'publishEvent',
  summary: 'Publish an outside event (orders, payments) for notification',
  description:
    "The event is written to the outbox and matched against the notification definitions like the platform's own events. Answers 202 with its id.",
  body: OutsideEventSchema,
  response: Obj({ id: Id() }, { $id: 'PublishedEvent', title: 'Published event' }),
  status: 202,
  errors: [403],
  async run({ body, principal, records, tx, now }) {
    assertStorable(body, 'body');
    assertEventDepth(body);
    const event: PlatformEvent = {
      id: newId(),
      fact: body.fact,
      subject: body.subject,
      customerId: records.ownerForCreate(principal, body.customerId),
      occurredAt: now.toISOString(),
      what: { delta: body.what?.delta ?? {}, previous: body.what?.previous ?? {} },
      // Taken as sent: the schema admits any JSON under a subject, where the platform's own events hold records.
      involved: (body.involved ?? {}) as PlatformEvent['involved'],
    };
    await appendEvent(tx, event);
    return { id: event.id };
  },
});

/**
 * POST /notifications/{id}/retry: the record is due now. A finished one (SUCCESS or FAILED) gets one more try; one
 * still waiting keeps its tries and only stops waiting. A record a worker is delivering right now answers 409.
 */
const retryNotification: ChangingRecordAction<Kind> = {
  on: 'record',
  path: 'retry',
  operationId: 'retryNotification',
  summary: 'Deliver a notification again now',
  fact: 'updated',
  errors: [409],
  async change({ record, tx, now }) {
    const state = await claimState(tx, record.id!);
    if (!state) throw new Error(`notification ${record.id} has no claim state`);
    if (state.locked_until && new Date(state.locked_until) > now) {
      throw new ConflictError(`notification ${record.id} is being delivered right now; retry once this try has ended`, {
        resourceId: record.id,
        resourceType: 'notification',
      });
    }
    const { to: status, addsTry } = retryFrom(record.id!, state.status);
    const maxTries = addsTry ? state.tries + 1 : state.max_tries;
    await scheduleNow(tx, record.id!, status, maxTries, now);
    return {
      record: {
        ...record,
        status,
        retryLeft: Math.max(maxTries - Math.max(state.tries, 1), 0),
        nextTryTimestamp: now.getTime(),
      },
    };
  },
};

export const notificationActions: ActionDefinition<Kind>[] = [
  publishEvent,
  retryNotification,
  listNotificationAttempts,
];
