import type { ChangingRecordAction } from '../../platform/resource/declare.js';
import type { NotificationReceiverSchema } from './notification-receiver.schema.js';
import { newSigningSecret } from './notification-receiver-hooks.js';

/**
 * POST /notification-receivers/{id}/signing-secret: a new web hook signing secret, shown once in the answer. The
 * secret it replaces keeps signing beside it for `graceSeconds` (SIGNING_SECRET_GRACE): deliveries carry both
 * signatures, so the receiver accepts them while it switches to the new secret, with either one. The owner's and the
 * operator's only (`credential`).
 */
export function rotateSigningSecret(graceSeconds: number): ChangingRecordAction<typeof NotificationReceiverSchema> {
  return {
    on: 'record',
    path: 'signing-secret',
    operationId: 'rotateNotificationReceiverSecret',
    summary: 'Rotate the web hook signing secret; the answer shows the new one once',
    description: `The receiver's owner or the operator only (a reseller acting for the owner: 403). The previous secret keeps signing beside the new one for ${graceSeconds} s (SIGNING_SECRET_GRACE): \`webhook-signature\` then carries both signatures, and a receiver verifying with either secret accepts the deliveries.`,
    fact: 'updated',
    noStore: true,
    // A reseller acting for the receiver's owner may not mint (and so learn) the secret that signs its web hooks.
    credential: 'web hook signing secret',
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
