import Type, { type Static } from 'typebox';
import { PlatformEventSchema } from '../../platform/events/platform-event.schema.js';
import { Obj, Ref } from '../../platform/resource/declare.js';

/** A definition's `notificationPayload` as rendered over the event: its templates' output, and its `type` as written. */
export const RenderedPayloadSchema = Obj(
  {
    subject: Type.Optional(
      Type.String({ description: "the definition's notificationPayload.subject rendered over the event" }),
    ),
    content: Type.Optional(
      Type.String({ description: "the definition's notificationPayload.content rendered over the event" }),
    ),
    type: Type.Optional(
      Type.String({ description: "the definition's notificationPayload.type, as written (PRODUCT_DISABLED, ...)" }),
    ),
  },
  { $id: 'RenderedPayload', title: 'Rendered payload' },
);

export type RenderedPayload = Static<typeof RenderedPayloadSchema>;

/** The body of every web hook: rendered once, sent unchanged on every try. */
export const WebhookMessageSchema = Obj(
  {
    notificationId: Type.String({
      description:
        'the notification (processing record) this delivers; also the webhook-id header, the same on every try',
    }),
    event: Ref(PlatformEventSchema),
    payload: Ref(RenderedPayloadSchema),
  },
  { $id: 'WebhookMessage', title: 'Web hook message' },
);

export type WebhookMessage = Static<typeof WebhookMessageSchema>;
