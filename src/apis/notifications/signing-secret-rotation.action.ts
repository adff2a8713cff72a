import type { ChangingRecordAction } from '../../platform/registry/resource-action.js';
import type { NotificationReceiverSchema } from './notification-receiver.schema.js';
import { newSigningSecret } from './notification-receiver-hooks.js';

/**
 * POST /notification-receivers/{id}/signing-secret: a new web hook signing secret, shown once in the answer. The
 * secret it replaces keeps signing beside it for `graceSeconds` (SIGNING_SECRET_GRACE): deliveries carry both
 * signatures, so the receiver accepts them while it switches to the new secret, with either one.
 */
export function rotateSigningSecret(graceSeconds: number): ChangingRecordAction<typeof NotificationReceiverSchema> {
  return {
    on: 'record',
    path: 'signing-secret',
    operationId: 'rotateNotificationReceiverSecret',
    summary: 'Rotate the web hook signing secret; the answer shows the new one once',
    description: `The previous secret keeps signing beside the new one for ${graceSeconds} s (SIGNING_SECRET_GRACE): \`webhook-signature\` then carries both signatures, and a receiver verifying with either secret accepts the deliveries.`,
    fact: 'updated',
    noStore: true,
    async change({ record, now }) {
      const signingSecret = newSigningSecret();
      const previous =
        record.signingSecret === undefined
          ? {}
          : {
              previousSigningSecret: record.signingSecret,
              previousSigningSecretExpiresAt: new Date(now.getTime() + graceSeconds * 1000).toISOString(),
            };
      return { record: { ...record, signingSecret, ...previous }, reveal: { signingSecret } };
    },
  };
}
