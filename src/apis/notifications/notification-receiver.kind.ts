import { defineKind } from '../../platform/resource/declare.js';
import { NotificationReceiverSchema } from './notification-receiver.schema.js';
import { NOTIFICATIONS_TAG } from './notifications-tag.js';

export const RECEIVER_SECRETS = [
  'signingSecret',
  'previousSigningSecret',
  'httpClientConfiguration.clientCredentialOauth2Config.clientSecret',
  'httpClientConfiguration.tlsConfiguration.privateKey',
];

/**
 * What a receiver is and how it is stored: where notifications go, a web hook URL and/or e-mail addresses, for the
 * definitions it lists (docs/product-decisions.md §6). Its declaration, with hooks and actions, is
 * notification-receiver.resource.ts.
 */
export const notificationReceiverKind = defineKind({
  name: 'notification-receiver',
  displayName: 'notification receiver',
  path: '/notification-receivers',
  table: 'notification_receivers',
  schema: NotificationReceiverSchema,
  scopeArea: 'notifications',
  tag: NOTIFICATIONS_TAG,
  errorShape: 'detailed',
  operations: {
    list: 'listNotificationReceivers',
    create: 'createNotificationReceiver',
    get: 'getNotificationReceiver',
    update: 'updateNotificationReceiver',
  },
  readOnly: ['signingSecret', 'previousSigningSecret', 'previousSigningSecretExpiresAt'],
  references: { 'notificationDefinitionIds[]': 'notification-definition' },
  secret: RECEIVER_SECRETS,
  // The generated signing secret is shown in clear in the create answer only.
  secretShownOnCreate: true,
});
