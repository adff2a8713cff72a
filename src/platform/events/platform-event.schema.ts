import Type, { type Static } from 'typebox';
import { DateTime, Obj } from '../schema-types.js';

const Fields = (description: string) => Type.Record(Type.String(), Type.Unknown(), { description });

/** The platform event of docs/product-decisions.md §5: what the outbox keeps, what definitions match, what a web hook carries. */
export const PlatformEventSchema = Obj(
  {
    id: Type.String({ description: 'the event id (a UUID v7: ordered by time)' }),
    fact: Type.String({
      description: "what happened: created, updated, deleted, or an action's fact (cancelled, expired, ...)",
    }),
    subject: Type.String({
      description: 'the kind of record it happened to, kebab case: product, subscription, price-function, ...',
    }),
    customerId: Type.Union([Type.String(), Type.Null()], {
      description: "the tenant owning the record; null for the operator's records",
    }),
    occurredAt: DateTime({ description: 'when the change was written' }),
    what: Obj(
      {
        delta: Fields(
          'the changed fields with their new values (nested objects compared field by field; secrets masked)',
        ),
        previous: Fields('the same fields with their values before the change (absent when the field was)'),
      },
      { description: 'what changed' },
    ),
    involved: Type.Record(Type.String(), Fields('a record'), {
      description: 'the record after the change (a deletion: as it was), under its subject',
    }),
  },
  { $id: 'PlatformEvent', title: 'Platform event' },
);

export type PlatformEvent = Static<typeof PlatformEventSchema>;
