/**
 * The life of an import, as data: the status it may move to from each, and what moves it. The schema's enum, the
 * job, the cancel action and docs/catalog.md read it from here.
 */
export const IMPORT_STATUSES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_TRANSITIONS: Record<ImportStatus, { to: ImportStatus; by: string }[]> = {
  QUEUED: [
    { to: 'RUNNING', by: 'the import job takes its first rows' },
    { to: 'SUCCEEDED', by: 'the job finds an empty file' },
    { to: 'CANCELLED', by: 'POST /product-imports/{id}/cancel' },
    { to: 'FAILED', by: 'the job cannot go on (the owner is gone, a fault)' },
  ],
  RUNNING: [
    { to: 'SUCCEEDED', by: 'the job has done every row (refused rows included)' },
    { to: 'CANCELLED', by: 'POST /product-imports/{id}/cancel' },
    { to: 'FAILED', by: 'the job cannot go on (the owner is gone, a fault)' },
  ],
  SUCCEEDED: [],
  FAILED: [],
  CANCELLED: [],
};

/** Statuses the job still works on. */
export const WAITING_STATUSES = IMPORT_STATUSES.filter((status) => IMPORT_TRANSITIONS[status].length > 0);

export function mayMove(from: ImportStatus, to: ImportStatus): boolean {
  return IMPORT_TRANSITIONS[from].some((transition) => transition.to === to);
}
