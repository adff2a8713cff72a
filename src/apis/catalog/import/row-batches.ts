import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { inSavepoint } from '../../../platform/db/savepoint.js';
import { turnTaker } from '../../../platform/event-loop-turns.js';
import type { Doc } from '../../../platform/resource/declare.js';
import { storedReferences } from '../product-import.js';
import { batchedUpdates } from './batched-updates.js';
import { batchableRow, importRow, type RowContext, type RowOutcome } from './import-row.js';

/** A row waiting for its batch: its position in the chunk, the row as sent, the body a create stores. */
interface Batched {
  index: number;
  row: Doc;
  body: Doc;
}

/** Batches one createMany may try before what it still refuses is created alone. */
const BATCH_ATTEMPTS = 2;
/**
 * Rows written by one batch's statements. The rows to create together are cut in batches of this size so the next
 * batch is prepared (validated, its documents, words, events and statements built) while the database writes this
 * one: the service's CPU and the database's then work at once instead of in turn.
 */
export const BATCH_ROWS = 125;

/**
 * While requests are answered, the import waits this many times as long as a batch's write took before the next: it
 * then holds the database a quarter of the time at most. Another tenant's reads during an import, p99 over quiet
 * (bench:bulk, 20,000 rows, two runs each, 28 November): 2.60x and 4.02x without, 1.56x and 2.32x waiting as long,
 * 1.36x and 1.40x waiting twice as long, with the upload taking turns (import-upload.ts). On a faster machine (29
 * November, 40,000 rows then 20,000 beside the reads, three runs each) twice as long gave 2.95x, 1.92x and 2.63x,
 * three times 2.12x, 1.68x and 1.53x; the import beside the reads 2,011-2,422 rows/s, then 1,321-1,684.
 */
const GIVE_WAY = 3;

type Prepared = Awaited<ReturnType<RowContext['products']['prepareMany']>>;

/**
 * The pause of the import's CPU work, row by row: turns of TURN_MS while the process answers no request, and a turn
 * after every row while it does (a request's next step then waits for one row's work, not for 5 ms of rows).
 */
function importTurns(busy: () => boolean): () => Promise<void> {
  const turns = turnTaker();
  return () => (busy() ? nextTurn() : turns());
}

/**
 * One row alone, in a savepoint rolled back when it is refused: nothing of a refused row stays. `storedId`: the
 * product with the row's reference, when the chunk's first read found it.
 */
const alone = (ctx: RowContext, row: Doc, storedId?: string) =>
  inSavepoint(
    ctx.tx,
    'import_row',
    (done: RowOutcome) => typeof done === 'string',
    () => importRow(ctx, row, storedId),
  );

const prepare = (ctx: RowContext, batch: Batched[]): Promise<Prepared> =>
  ctx.products.prepareMany(
    ctx.principal,
    batch.map((item) => item.body),
    { tx: ctx.tx, pause: importTurns(ctx.busy) },
  );

/**
 * Creates one batch together, `first` its preparation: the batch is stored whole or not at all (the engine removes
 * what it inserted when a unique key was taken), and the rows the engine says one create would refuse are done
 * alone, in file order, after the others, each with its own answer.
 */
async function createBatch(ctx: RowContext, batch: Batched[], first: Prepared, outcomes: RowOutcome[]): Promise<void> {
  let together = batch;
  const left: Batched[] = [];
  for (let attempt = 0; attempt < BATCH_ATTEMPTS && together.length > 0; attempt += 1) {
    const prepared = attempt === 0 ? first : await prepare(ctx, together);
    const done = 'redo' in prepared ? prepared : await prepared.write();
    if ('created' in done) {
      for (const item of together) outcomes[item.index] = 'created';
      together = [];
    } else {
      const redo = new Set(done.redo);
      left.push(...together.filter((_, position) => redo.has(position)));
      together = together.filter((_, position) => !redo.has(position));
    }
  }
  const rest = [...left, ...together].sort((a, b) => a.index - b.index);
  for (const item of rest) outcomes[item.index] = await alone(ctx, item.row);
}

/**
 * The batches of a chunk on their way to the database, in file order: each is prepared as soon as it is full, while
 * the rows after it are still read and the batches before it written, and written once those are. `settled` waits
 * for all of them (before a row that goes alone, and at the end of the chunk). A preparation only reads (the kind's
 * create hooks only compute for these rows, `batchableRow`), so one made ahead stays true whatever the batches
 * before it stored or rolled back.
 *
 * While the process answers requests (`ctx.busy`), the import uses one core, a quarter of the time: a batch is handed
 * over only once the batches before it are written, so its preparation (the service's CPU) and their statements
 * (the database's) run in turn, and after a batch is written the import waits three times as long as it took
 * (GIVE_WAY), so a request answered meanwhile finds a core free and the database not busy with the import. Idle,
 * both run at once.
 */
class BatchWriter {
  private writing: Promise<void> = Promise.resolve();
  private lastPrepared: Promise<unknown> = Promise.resolve();
  private readonly preparing: Promise<unknown>[] = [];

  constructor(
    private readonly ctx: RowContext,
    private readonly outcomes: RowOutcome[],
  ) {}

  async hand(batch: Batched[]): Promise<void> {
    if (batch.length === 0) return;
    if (this.ctx.busy()) await this.writing;
    // One preparation at a time, in order: prepared side by side, they took turns and every batch was ready only
    // when the last was, so the first write waited for all of them (a chunk 235 ms instead of 165).
    const prepared = this.lastPrepared.then(() => prepare(this.ctx, batch));
    this.lastPrepared = prepared.catch(() => undefined);
    const before = this.writing;
    this.writing = (async () => {
      await before;
      const ready = await prepared;
      const started = performance.now();
      await createBatch(this.ctx, batch, ready, this.outcomes);
      if (this.ctx.busy()) await sleep(GIVE_WAY * (performance.now() - started));
    })();
    // Awaited by `settled`: never an unhandled rejection meanwhile.
    this.preparing.push(prepared.catch(() => undefined));
    this.writing.catch(() => undefined);
  }

  /** Every batch handed is written; throws what one failed with, once no preparation still reads in the transaction. */
  async settled(): Promise<void> {
    try {
      await this.writing;
    } finally {
      await Promise.all(this.preparing.splice(0));
    }
  }
}

/**
 * The outcome of each row of a chunk, as `importRow` one after the other would give it, with the updates of stored
 * products done together first (`batchedUpdates`) and new products created BATCH_ROWS at a time: a row that must go
 * alone (a variant by reference, description texts, an update `batchedUpdates` left) first waits for the batches
 * before it to be stored, so every row still sees the rows before it in the file.
 */
export async function importRows(ctx: RowContext, rows: Doc[]): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = new Array(rows.length);
  const references = rows.flatMap((row) => (typeof row.publisherRefId === 'string' ? [row.publisherRefId] : []));
  const stored =
    ctx.mode === 'upsert'
      ? await storedReferences(ctx.products, ctx.principal, ctx.tx, ctx.owner, references)
      : new Map<string, string>();
  const updated = await batchedUpdates(ctx, rows, stored);
  const taken = new Set(stored.keys());
  const writer = new BatchWriter(ctx, outcomes);
  let batch: Batched[] = [];
  const handBatch = async () => {
    const full = batch;
    batch = [];
    await writer.hand(full);
  };
  try {
    // Validating a row is CPU work: other requests run between turns, not after the whole chunk.
    const pause = importTurns(ctx.busy);
    for (const [index, row] of rows.entries()) {
      await pause();
      const done = updated.get(index);
      if (done !== undefined) {
        outcomes[index] = done;
        continue;
      }
      const batchable = batchableRow(ctx, row, taken);
      if (batchable === undefined) {
        await handBatch();
        await writer.settled();
        outcomes[index] = await alone(ctx, row, stored.get(String(row.publisherRefId)));
      } else if ('body' in batchable) {
        batch.push({ index, row, body: batchable.body });
        if (ctx.mode === 'upsert' && typeof row.publisherRefId === 'string') taken.add(row.publisherRefId);
        if (batch.length === BATCH_ROWS) await handBatch();
      } else outcomes[index] = batchable;
    }
    await handBatch();
  } finally {
    await writer.settled();
  }
  return outcomes;
}
