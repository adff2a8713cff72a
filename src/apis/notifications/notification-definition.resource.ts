import { defineResource } from '../../platform/resource/declare.js';
import { testDefinition } from './definition-test.action.js';
import { NotificationDefinitionSchema } from './notification-definition.schema.js';
import { beforeNotificationDefinitionWrite } from './notification-definition-hooks.js';
import { NOTIFICATIONS_TAG } from './notifications-tag.js';

/**
 * What events a notification is sent for (docs/product-decisions.md §5): fact, subject and JSONPath filters; and the
 * test of a definition against a sample event.
 */
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
  hooks: { beforeCreate: beforeNotificationDefinitionWrite, beforeUpdate: beforeNotificationDefinitionWrite },
  actions: [testDefinition],
});
