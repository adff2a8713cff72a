import Type, { type Static } from 'typebox';
import { List, LongText, Obj, Ref, sharedFields, Text } from '../../platform/resource/declare.js';

/** Longest JSONPath expression: far beyond any real event path, short enough to parse cheaply for every event. */
export const JSON_PATH_MAX_LENGTH = 500;

const JsonPath = (description: string) => Type.String({ minLength: 1, maxLength: JSON_PATH_MAX_LENGTH, description });

export const EventFilterSchema = Obj(
  {
    jsonPath: JsonPath(
      'RFC 9535 JSONPath over the event, e.g. `$.what.delta.status`; matches when a selected value, as text, equals `value`',
    ),
    value: Text({
      description: 'the text a selected value must equal (numbers and booleans compare in their JSON form)',
    }),
  },
  { $id: 'NotificationEventFilter', title: 'Event filter' },
);

export const NotificationDefinitionSchema = Obj(
  {
    ...sharedFields,
    name: Text({ minLength: 1 }),
    eventMatcher: Obj({
      fact: Text({ minLength: 1, description: 'created, updated, deleted, cancelled, ...' }),
      subject: Text({
        minLength: 1,
        description: 'the resource name in kebab case: product, subscription, price-function, ...',
      }),
      filters: Type.Optional(List(Ref(EventFilterSchema), { maxItems: 50 })),
    }),
    mainIdJsonPath: JsonPath('JSONPath locating the id of the main object in the event, e.g. `$.involved.product.id`'),
    notificationPayload: Obj({
      content: Type.Optional(LongText({ description: 'Liquid template over `{event}`' })),
      subject: Type.Optional(Text({ description: 'Liquid template over `{event}`' })),
      type: Type.Optional(Text()),
    }),
  },
  {
    $id: 'NotificationDefinition',
    title: 'Notification definition',
    examples: [
      {
        name: 'Product disabled',
        eventMatcher: {
          fact: 'updated',
          subject: 'product',
          filters: [{ jsonPath: '$.what.delta.status', value: 'DISABLED' }],
        },
        mainIdJsonPath: '$.involved.product.id',
        notificationPayload: {
          subject: 'Product {{ event.involved.product.genericName }} disabled',
          content: 'Product {{ event.involved.product.id }} is now disabled.',
          type: 'PRODUCT_DISABLED',
        },
      },
    ],
  },
);
export type NotificationDefinition = Static<typeof NotificationDefinitionSchema>;
