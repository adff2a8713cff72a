// The delivery statuses are declared once, in the service (its table also drives the delivery statement, the retry
// action and the docs' life cycle); the log's status filter offers exactly those.
import { NOTIFICATION_STATUSES } from '../../../../src/apis/notifications/notification.lifecycle';
import type { Schemas } from '../../api/client';

type Status = Schemas['Notification']['status'];

export const STATUSES: Status[] = [...NOTIFICATION_STATUSES];

const STATUS_COLORS: Record<Status, string> = { PENDING: 'gray', RETRYING: 'orange', SUCCESS: 'green', FAILED: 'red' };

export const statusColor = (status: Status | undefined) => STATUS_COLORS[status ?? 'PENDING'];

/** An epoch-ms instant in the reader's locale; nothing when absent. */
export const when = (epochMs: number | undefined) => (epochMs === undefined ? '' : new Date(epochMs).toLocaleString());

/** A JSON text indented for reading; the text as it is when it is not JSON. */
export function pretty(text: string | undefined): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
