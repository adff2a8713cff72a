// The life of an import is declared once, in the service (its schema's enum, the job, the cancel action and the docs
// read it); the console reads the same table, so it polls exactly while the job works and offers Cancel exactly when
// the service would accept it.
import {
  IMPORT_STATUSES,
  IMPORT_TRANSITIONS,
  type ImportStatus,
  mayMove,
} from '../../../../src/apis/catalog/import/import-life-cycle';

export { IMPORT_STATUSES, type ImportStatus };

/** Whether the job still works on an import in this status (the page follows it). */
export const isOngoing = (status: ImportStatus) => IMPORT_TRANSITIONS[status].length > 0;

export const mayCancel = (status: ImportStatus) => mayMove(status, 'CANCELLED');

export const STATUS_COLORS: Record<ImportStatus, string> = {
  QUEUED: 'gray',
  RUNNING: 'blue',
  SUCCEEDED: 'green',
  FAILED: 'red',
  CANCELLED: 'orange',
};
