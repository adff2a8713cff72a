import { InvalidStateError } from '../../../platform/errors/domain-errors.js';
import type { LifeCycleDoc } from '../../life-cycle-doc.js';

/**
 * The life of an import, as data: the status it may move to from each, and what moves it. The schema's enum, the
 * upload's first status, the job's claim (`IMPORT_WAITING`), the cancel action and its refusal, the life cycle in
 * docs/catalog.md and the console read it from here.
 */
export const IMPORT_STATUSES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The status an upload (`POST /product-imports`, bulk-catalogue.routes.ts) writes: the table's start. */
export const FIRST_IMPORT_STATUS: ImportStatus = 'QUEUED';

const JOB = 'the import job';
const CANCEL = '`POST /product-imports/{id}/cancel` (cancelProductImport)';
const DONE = {
  to: 'SUCCEEDED',
  by: JOB,
  when: 'every row is done (refused rows included: `failed` counts them); a file shorter than a chunk ends in its first chunk',
} as const;
const CANCELLED = {
  to: 'CANCELLED',
  by: CANCEL,
  when: 'the rows not yet done are dropped, those stored stay; a chunk in progress ends first',
} as const;
const GIVEN_UP = {
  to: 'FAILED',
  by: JOB,
  when: 'the job cannot go on: a chunk failed three times in a row on a fault (not a refused row), or the uploader is not known; `failure` says why',
} as const;

export const IMPORT_TRANSITIONS: Record<ImportStatus, { to: ImportStatus; by: string; when: string }[]> = {
  QUEUED: [
    { to: 'RUNNING', by: JOB, when: 'it has stored the first chunk and rows are left' },
    DONE,
    CANCELLED,
    GIVEN_UP,
  ],
  RUNNING: [DONE, CANCELLED, GIVEN_UP],
  SUCCEEDED: [],
  FAILED: [],
  CANCELLED: [],
};

/** Statuses the job still works on. */
export const WAITING_STATUSES = IMPORT_STATUSES.filter((status) => IMPORT_TRANSITIONS[status].length > 0);

export function mayMove(from: ImportStatus, to: ImportStatus): boolean {
  return IMPORT_TRANSITIONS[from].some((transition) => transition.to === to);
}

/** The statuses `to` may be reached from. */
export function movesTo(to: ImportStatus): ImportStatus[] {
  return IMPORT_STATUSES.filter((from) => mayMove(from, to));
}

/** A move the table does not allow is a 400 naming the import's status and where the move is allowed from. */
export function assertMayMove(id: string, from: ImportStatus, to: ImportStatus, done: string): void {
  if (!mayMove(from, to))
    throw new InvalidStateError(
      `product import ${id} is ${from}; only a ${movesTo(to).join(' or ')} import can be ${done}`,
      {
        resourceId: id,
        resourceType: 'product-import',
      },
    );
}

/** The table as rows of the page: one per (to, what moves it, when), with every status it leaves. */
function lifeCycleRows(): LifeCycleDoc['transitions'][number][] {
  const rows: { from: ImportStatus[]; to: ImportStatus; by: string; edge: string; when: string }[] = [];
  for (const from of IMPORT_STATUSES)
    for (const move of IMPORT_TRANSITIONS[from]) {
      const same = rows.find((row) => row.to === move.to && row.when === move.when);
      if (same) same.from.push(from);
      else rows.push({ ...move, from: [from], edge: move.by === JOB ? 'import job' : 'cancel' });
    }
  return rows;
}

/** The life cycle as docs/catalog.md shows it. */
export const IMPORT_LIFE_CYCLE: LifeCycleDoc = {
  id: 'import-life-cycle',
  file: 'docs/catalog.md',
  statuses: IMPORT_STATUSES,
  initial: [{ to: FIRST_IMPORT_STATUS, label: 'POST /product-imports (the file is read)' }],
  transitions: lifeCycleRows(),
};
