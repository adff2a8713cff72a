import { inSavepoint } from '../../../platform/db/savepoint.js';
import { turnTaker } from '../../../platform/event-loop-turns.js';
import type { Doc } from '../../../platform/resource/index.js';
import { storedReferences } from '../product-import.js';
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

/**
 * Creates the batched rows together: a batch is kept whole or rolled back whole (a savepoint), and the rows the
 * engine says one create would refuse are done alone, in file order, after the others, each with its own answer.
 */
async function createTogether(ctx: RowContext, batch: Batched[], outcomes: RowOutcome[]): Promise<void> {
  let together = batch;
  const left: Batched[] = [];
  for (let attempt = 0; attempt < BATCH_ATTEMPTS && together.length > 0; attempt += 1) {
    const bodies = together.map((item) => item.body);
    const done = await inSavepoint(
      ctx.tx,
      'import_batch',
      (result) => 'created' in result,
      () => ctx.products.createMany(ctx.principal, bodies, { tx: ctx.tx }),
    );
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
 * The outcome of each row of a chunk, as `importRow` one after the other would give it, with new products created
 * a batch at a time: a row that must go alone (a variant by reference, description texts, an update) first stores
 * the batch before it, so every row still sees the rows before it in the file.
 */
export async function importRows(ctx: RowContext, rows: Doc[]): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = new Array(rows.length);
  const references = rows.flatMap((row) => (typeof row.publisherRefId === 'string' ? [row.publisherRefId] : []));
  const stored =
    ctx.mode === 'upsert'
      ? await storedReferences(ctx.products, ctx.principal, ctx.tx, ctx.owner, references)
      : new Map<string, string>();
  const taken = new Set(stored.keys());
  let batch: Batched[] = [];
  const flush = async () => {
    if (batch.length > 0) await createTogether(ctx, batch, outcomes);
    batch = [];
  };
  // Validating a row is CPU work: other requests run between turns, not after the whole chunk.
  const pause = turnTaker();
  for (const [index, row] of rows.entries()) {
    await pause();
    const batchable = batchableRow(ctx, row, taken);
    if (batchable === undefined) {
      await flush();
      outcomes[index] = await alone(ctx, row, stored.get(String(row.publisherRefId)));
    } else if ('body' in batchable) {
      batch.push({ index, row, body: batchable.body });
      if (ctx.mode === 'upsert' && typeof row.publisherRefId === 'string') taken.add(row.publisherRefId);
    } else outcomes[index] = batchable;
  }
  await flush();
  return outcomes;
}
