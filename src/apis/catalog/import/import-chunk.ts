import { SYSTEM_PRINCIPAL } from '../../../platform/auth/principal.js';
import type { Clock } from '../../../platform/clock.js';
import type { Database, Transaction } from '../../../platform/db/database.js';
import { inSavepoint } from '../../../platform/db/savepoint.js';
import type { Doc, RecordStore } from '../../../platform/resource/declare.js';
import type { BodyProblem } from '../../../platform/resource/shapes.js';
import type { ProductSchema } from '../product.schema.js';
import type { ImportStatus } from './import-life-cycle.js';
import type { RowContext } from './import-row.js';
import {
  dropPiece,
  dropRows,
  firstPiece,
  forgetUploader,
  lockWaiting,
  recordErrors,
  type StagedRow,
  saveProgress,
  stagePiece,
  uploaderOf,
} from './import-rows.repository.js';
import type { ImportError, ProductImport, ProductImportSchema } from './product-import.schema.js';
import { importRows } from './row-batches.js';

export interface ImportWork {
  db: Database;
  clock: Clock;
  products: RecordStore<typeof ProductSchema>;
  imports: RecordStore<typeof ProductImportSchema>;
  validate: (body: Doc) => BodyProblem | undefined;
  /** True while the process answers requests: the import then gives way to them (row-batches.ts). */
  busy: () => boolean;
  /** Rows done in one transaction: the most a restart does again, and how long the import holds its lock. */
  chunkRows: number;
}

type Counts = Pick<ProductImport, 'processed' | 'created' | 'updated' | 'unchanged' | 'failed'>;

/** Ends the import with `status`: the record's last version, with the `finished` event (an action's, by the service). */
async function finish(
  work: ImportWork,
  tx: Transaction,
  importId: string,
  patch: Partial<ProductImport> & { status: ImportStatus },
): Promise<void> {
  await work.imports.act(
    SYSTEM_PRINCIPAL,
    importId,
    (record) => ({ ...record, ...patch, finishedAt: work.clock.now().toISOString() }),
    { tx, fact: 'finished' },
  );
  await forgetUploader(tx, importId);
}

/**
 * The next rows of an import, at most `chunkRows`, taken out of their piece in `tx` (a piece longer than that, staged
 * by a process whose chunks were longer, is staged again without them), and whether rows are left after them.
 */
async function takeRows(
  tx: Transaction,
  importId: string,
  chunkRows: number,
): Promise<{ rows: StagedRow[]; more: boolean }> {
  const piece = await firstPiece(tx, importId);
  if (!piece) return { rows: [], more: false };
  await dropPiece(tx, importId, piece.firstLine);
  const rest = piece.rows.slice(chunkRows);
  await stagePiece(tx, importId, rest);
  return { rows: piece.rows.slice(0, chunkRows), more: piece.more || rest.length > 0 };
}

/**
 * Does the next rows of an import, in one transaction with their products, events, errors and the import's progress:
 * a worker killed half-way leaves nothing of the chunk, and the next run starts again at its first row, so no row is
 * stored twice or lost. The import is locked meanwhile (a second process skips it; a cancel waits for the chunk).
 * Answers false when the import is not (or no longer) waiting, or another process holds it.
 */
export async function runChunk(work: ImportWork, importId: string): Promise<boolean> {
  return work.db.transaction(async (tx) => {
    const locked = await lockWaiting(tx, importId);
    if (!locked) return false;
    const record = locked.doc as ProductImport;
    const principal = await uploaderOf(tx, importId);
    if (!principal) {
      await finish(work, tx, importId, { status: 'FAILED', failure: 'the uploader of this import is not known' });
      return true;
    }
    const { rows, more } = await takeRows(tx, importId, work.chunkRows);
    const counts: Counts = {
      processed: record.processed,
      created: record.created,
      updated: record.updated,
      unchanged: record.unchanged,
      failed: record.failed,
    };
    const errors: ImportError[] = [];
    const ctx: RowContext = {
      tx,
      principal,
      products: work.products,
      owner: locked.customer_id ?? undefined,
      mode: record.mode,
      validate: work.validate,
      busy: work.busy,
    };
    const rowsOfChunk = async () => {
      const readable = rows.filter((row) => !row.problem);
      const outcomes = await importRows(
        ctx,
        readable.map((row) => row.body ?? {}),
      );
      const outcomeOf = new Map(readable.map((row, index) => [row, outcomes[index]!]));
      for (const row of rows) {
        const outcome = row.problem ?? outcomeOf.get(row)!;
        counts.processed += 1;
        if (typeof outcome === 'string') counts[outcome] += 1;
        else {
          counts.failed += 1;
          errors.push({ line: row.line, ...outcome });
        }
      }
    };
    // A dry run keeps nothing of its rows, but a row still sees the rows before it in its chunk (a variant's parent).
    if (record.dryRun) await inSavepoint(tx, 'import_chunk', () => false, rowsOfChunk);
    else await rowsOfChunk();
    await recordErrors(tx, importId, errors);
    const now = work.clock.now();
    const progress = { ...counts, startedAt: record.startedAt ?? now.toISOString() };
    if (!more) await finish(work, tx, importId, { ...progress, status: 'SUCCEEDED' });
    else
      await saveProgress(
        tx,
        importId,
        { ...progress, status: 'RUNNING', updateDate: now.toISOString(), dbVersion: locked.db_version + 1 },
        now,
      );
    return true;
  });
}

/** Ends an import the job cannot do (its chunk keeps failing): FAILED with the reason, its rows forgotten. */
export async function failImport(work: ImportWork, importId: string, reason: string): Promise<void> {
  await work.db.transaction(async (tx) => {
    if (!(await lockWaiting(tx, importId))) return;
    await dropRows(tx, importId);
    await finish(work, tx, importId, { status: 'FAILED', failure: reason });
  });
}
