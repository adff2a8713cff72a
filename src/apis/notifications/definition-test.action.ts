import Type from 'typebox';
import type { PlatformEvent } from '../../platform/events/outbox.js';
import type { ReadingRecordAction } from '../../platform/resource/declare.js';
import { Obj, Text } from '../../platform/resource/declare.js';
import { assertStorable } from '../../platform/resource/documents.js';
import { SandboxError } from '../../platform/sandbox/program-sandbox.js';
import { assertEventDepth, MAX_EVENT_DEPTH, OutsideEventSchema } from './notification-actions.js';
import type { NotificationDefinition, NotificationDefinitionSchema } from './notification-definition.schema.js';
import { notificationSandbox } from './notification-sandbox.js';

export const DefinitionTestResultSchema = Obj(
  {
    matches: Type.Boolean({
      description: 'whether the dispatcher would create notifications of this definition for the event',
    }),
    mismatch: Type.Optional(
      Obj({
        field: Text({
          description:
            'what failed: `eventMatcher.fact`, `eventMatcher.subject`, `eventMatcher.filters[i]`, `customerId`, or `jsonPath` (a path past its limits)',
        }),
        expected: Text({ description: 'what the definition expects there' }),
        found: Type.Array(Text({ maxLength: 10_000 }), {
          maxItems: 20,
          description:
            'what the event has there (a filter: the texts its path selected, at most 20, each cut at 1,000 characters)',
        }),
      }),
    ),
    mainObjectId: Type.Optional(
      Text({ description: "what `mainIdJsonPath` selects in the event (as the record's `eventMainObjectId`)" }),
    ),
  },
  { $id: 'NotificationDefinitionTestResult', title: 'Test of a notification definition against an event' },
);

/**
 * POST /notification-definitions/{id}/test: the definition (as stored) matched against a sample event, exactly as
 * the dispatcher matches (its paths run in the program sandbox), and why not when it does not. A tenant's definition
 * hears its own customer's events only: a sample naming another customer fails on `customerId`.
 */
export const testDefinition: ReadingRecordAction<typeof NotificationDefinitionSchema> = {
  on: 'record',
  path: 'test',
  operationId: 'testNotificationDefinition',
  summary: 'Test a notification definition against a sample event',
  description: `Answers whether the definition matches the event (fact, subject, every filter), the first part that fails, and the main object id its mainIdJsonPath finds. Nothing is stored or sent. The event nests at most ${MAX_EVENT_DEPTH} levels.`,
  access: 'read',
  body: OutsideEventSchema,
  response: DefinitionTestResultSchema,
  async run({ record, body, now }) {
    assertStorable(body, 'body');
    assertEventDepth(body);
    const sample = body as Partial<PlatformEvent> & { fact: string; subject: string };
    const owner = record.customerId;
    if (owner !== undefined && sample.customerId !== undefined && sample.customerId !== owner) {
      return { matches: false, mismatch: { field: 'customerId', expected: owner, found: [sample.customerId] } };
    }
    const event: PlatformEvent = {
      id: 'sample',
      customerId: owner ?? null,
      occurredAt: now.toISOString(),
      what: { delta: {}, previous: {} },
      involved: {},
      ...sample,
    };
    try {
      return await notificationSandbox().run(owner, 'matchEvent', {
        definition: record as NotificationDefinition,
        event,
        explain: true,
      });
    } catch (error) {
      if (!(error instanceof SandboxError)) throw error;
      return {
        matches: false,
        mismatch: { field: 'jsonPath', expected: 'a selection within its limits', found: [error.message] },
      };
    }
  },
};
