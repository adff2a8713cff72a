import { defineResource } from '../../platform/registry/resource-definition.js';
import { NotificationDefinitionSchema } from './notification-definition.schema.js';

export const NOTIFICATIONS_TAG = 'Notifications';

/** What events a notification is sent for (docs/product-decisions.md §5): fact, subject and JSONPath filters. */
export const notificationDefinitionResource = defineResource({
  name: 'notification-definition',
  displayName: 'notification definition',
  path: '/notification-definitions',
  table: 'notification_definitions',
  schema: NotificationDefinitionSchema,
  scopeArea: 'notifications',
  tag: NOTIFICATIONS_TAG,
  errorShape: 'detailed',
  operations: {
    list: 'listNotificationDefinitions',
    create: 'createNotificationDefinition',
    get: 'getNotificationDefinition',
    update: 'updateNotificationDefinition',
  },
});
