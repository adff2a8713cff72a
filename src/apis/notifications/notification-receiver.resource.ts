import type { OutboundAllowlist } from '../../platform/outbound/outbound-allowlist.js';
import { defineResource } from '../../platform/resource/declare.js';
import { notificationReceiverKind } from './notification-receiver.kind.js';
import { beforeNotificationReceiverCreate, beforeNotificationReceiverUpdate } from './notification-receiver-hooks.js';
import { rotateSigningSecret } from './signing-secret-rotation.action.js';

/** What the receiver's hooks and actions take from the configuration. */
export interface ReceiverSettings {
  /** The outbound rules a receiver's URL is checked against when it is written (OUTBOUND_ALLOWLIST). */
  allowlist: OutboundAllowlist;
  /** How long a rotated signing secret still signs beside the new one (SIGNING_SECRET_GRACE_SECONDS). */
  signingSecretGraceSeconds: number;
}

/**
 * Notification receivers (docs/notifications.md): the kind (notification-receiver.kind.ts), the hooks that check a
 * receiver's URL, headers and addresses and generate its signing secret, and the rotation of that secret. They read
 * configuration, so the declaration is a function of it, called by the module at start.
 */
export function notificationReceiverResource(settings: ReceiverSettings) {
  return defineResource({
    ...notificationReceiverKind,
    hooks: {
      beforeCreate: (doc, ctx) => beforeNotificationReceiverCreate(settings.allowlist, doc, ctx),
      beforeUpdate: (doc) => beforeNotificationReceiverUpdate(settings.allowlist, doc),
    },
    actions: [rotateSigningSecret(settings.signingSecretGraceSeconds)],
  });
}
