import { defineKind } from '../../platform/resource/declare.js';
import { NotificationSchema } from './notification.schema.js';
import { NOTIFICATIONS_TAG } from './notifications-tag.js';

export const NOTIFICATIONS_TABLE = 'notifications';

/**
 * Processing records: read only over HTTP. The dispatcher and the delivery workers write them with their own
 * statements (`notification.repository.ts`), which keep the claim columns beside the document and emit no events; those
 * statements read this kind, so its declaration (notification.resource.ts, with the actions) is apart.
 */
export const notificationKind = defineKind({
  name: 'notification',
  displayName: 'notification',
  path: '/notifications',
  table: NOTIFICATIONS_TABLE,
  schema: NotificationSchema,
  scopeArea: 'notifications',
  tag: NOTIFICATIONS_TAG,
  errorShape: 'detailed',
  operations: { list: 'listNotifications', get: 'getNotification' },
  filters: {
    status: { kind: 'string', description: 'ext: PENDING, RETRYING, SUCCESS or FAILED' },
    notificationDefinitionId: { kind: 'string', description: 'ext' },
    notificationReceiverId: { kind: 'string', description: 'ext' },
    eventMainObjectId: { kind: 'string', description: 'ext' },
  },
});
