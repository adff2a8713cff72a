import type { Schemas } from '../../api/client';

type Status = Schemas['Notification']['status'];

export const STATUSES: Status[] = ['PENDING', 'RETRYING', 'SUCCESS', 'FAILED'];

export const statusColor = (status: Status | undefined) =>
  (({ PENDING: 'gray', RETRYING: 'orange', SUCCESS: 'green', FAILED: 'red' }) as const)[status ?? 'PENDING'];

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
