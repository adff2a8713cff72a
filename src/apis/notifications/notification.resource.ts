import { defineResource } from '../../platform/resource/declare.js';
import { notificationKind } from './notification.kind.js';
import { notificationActions } from './notification-actions.js';

/**
 * Notifications (docs/product-decisions.md §5, §6): the processing records (notification.kind.ts), outside events
 * published for them, and the retry of a failed one.
 */
export const notificationResource = defineResource({ ...notificationKind, actions: notificationActions });
