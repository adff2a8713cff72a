import Type, { type Static } from 'typebox';
import { EpochMs, Id, List, LongText, Obj, StringEnum, sharedFields, Text } from '../../platform/resource/declare.js';
import { NOTIFICATION_STATUSES } from './notification.lifecycle.js';

const Free = (description: string) => Type.Object({}, { additionalProperties: true, description });

/** One delivery of one event to one receiver for one definition (docs/product-decisions.md §6). Written by the dispatcher and the workers only. */
export const NotificationSchema = Obj(
  {
    ...sharedFields,
    status: StringEnum(NOTIFICATION_STATUSES),
    eventId: Type.Optional(Id({ description: 'ext: the platform event delivered' })),
    eventFact: Type.Optional(Text()),
    eventSubject: Type.Optional(Text()),
    eventMainObjectId: Type.Optional(Text({ description: 'what `mainIdJsonPath` selected in the event' })),
    notificationDefinitionId: Id(),
    notificationReceiverId: Id(),
    processedEvent: Type.Optional(Free('the event as the dispatcher read it')),
    processingDate: Type.Optional(EpochMs('when the dispatcher created the record, epoch ms')),
    emails: Type.Optional(List(Text())),
    mailBody: Type.Optional(LongText()),
    mailSubject: Type.Optional(Text()),
    mailStorageId: Type.Optional(Text()),
    retryCount: Type.Integer({ minimum: 0, description: 'tries made so far' }),
    retryLeft: Type.Integer({ minimum: 0, description: 'tries still to come when the current one fails' }),
    lastTryTimestamp: Type.Optional(EpochMs('when the last try ended, epoch ms')),
    nextTryTimestamp: Type.Optional(EpochMs('ext: when the next try is due, epoch ms; absent once SUCCESS or FAILED')),
    errors: List(Obj({ error: Text({ maxLength: 4000 }), timestamp: Type.Integer({ description: 'epoch seconds' }) }), {
      maxItems: 100,
    }),
    webHookPayload: Type.Optional(LongText({ description: 'the JSON body sent to the receiver' })),
    webHookResponse: Type.Optional(
      Text({
        maxLength: 4000,
        description: 'status line and the start of the body of the last answer (at most 2,000 characters of body)',
      }),
    ),
  },
  { $id: 'Notification', title: 'Notification (processing record)' },
);
export type Notification = Static<typeof NotificationSchema>;
