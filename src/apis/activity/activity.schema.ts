import Type, { type Static } from 'typebox';
import { ACTOR_TYPES } from '../../platform/events/actor.js';
import { DateTime, Id, Obj, StringEnum, Text } from '../../platform/resource/declare.js';
import { pagingParameters } from '../../platform/resource/shapes.js';

export const ACTIVITY_PAGE_SIZE = 50;

const Fields = (description: string) => Type.Record(Type.String(), Type.Unknown(), { description });

/** One change of one record, as the activity log shows it (docs/activity.md). */
export const ActivityEntrySchema = Obj(
  {
    id: Type.String({ description: "the change's event id (the `id` of its platform event)" }),
    at: DateTime({ description: 'when the change was written' }),
    fact: Type.String({
      description: "what happened: created, updated, deleted, or an action's fact (cancelled, ...)",
    }),
    subject: Type.String({ description: 'the kind of record, kebab case: product, terms, customer, asset, ...' }),
    recordId: Type.Union([Type.String(), Type.Null()], { description: 'the id of the record changed' }),
    customerId: Type.Union([Type.String(), Type.Null()], {
      description: "the tenant owning the record; null for the operator's records (shown to the operator only)",
    }),
    actor: Obj(
      {
        type: StringEnum(ACTOR_TYPES, {
          description:
            "USER: a realm's user; CLIENT: a customer's client (client_credentials); OPERATOR: the operator realm's administrator or client; SYSTEM: the service's own work (jobs)",
        }),
        id: Type.String({ description: "the token's subject: a user's id, `client:<client id>`, or `system`" }),
        name: Type.String({ description: 'the username, or the client id of a client' }),
      },
      { description: 'who made the change' },
    ),
    delta: Fields('the changed fields with their new values, as in the event (secrets masked)'),
    previous: Fields('the same fields with their values before the change'),
  },
  { $id: 'ActivityEntry', title: 'Activity entry' },
);
export type ActivityEntry = Static<typeof ActivityEntrySchema>;

export const ListActivityQuerySchema = Type.Object(
  {
    ...pagingParameters(ACTIVITY_PAGE_SIZE),
    subject: Type.Optional(Text({ description: 'only changes of this kind of record (`product`, `terms`, ...)' })),
    recordId: Type.Optional(Id({ description: 'only changes of this record' })),
    customerId: Type.Optional(Id({ description: "only changes of this customer's records" })),
    actor: Type.Optional(Text({ description: 'only changes by this actor: its `id` or its `name`' })),
    fact: Type.Optional(Text({ description: 'only changes with this fact (`created`, `updated`, `cancelled`, ...)' })),
    from: Type.Optional(DateTime({ description: 'only changes at or after this instant' })),
    to: Type.Optional(DateTime({ description: 'only changes before this instant' })),
  },
  { additionalProperties: false },
);
export type ListActivityQuery = Static<typeof ListActivityQuerySchema>;
