import type { Doc } from '../../../platform/resource/declare.js';
import { type RowContext, type RowOutcome, simpleUpdateBody } from './import-row.js';

/**
 * The rows of an upsert chunk that update a stored product, done together: one locked read of their products, the
 * checks of an update each, and the products that change written in a few statements (`updateMany`), instead of a
 * savepoint, a read, the writes and a release per row. Only a row whose reference is stored and named once in the
 * chunk (no other row of it touches its product), with the body one update would take from it (`simpleUpdateBody`),
 * is looked at. Answers the outcome of each row done, by position: `unchanged` (nothing written) or `updated`; every
 * other row (a refusal among them) goes on as before, through `importRow`, with its own answer.
 *
 * They are written before the chunk's other rows: no other row of the chunk names their products, and a row they
 * could depend on (a parent, a description) is not one of them, so each outcome is the one `update` gives in file
 * order; only their events and versions come before those of the rows above them in the chunk.
 */
export async function batchedUpdates(
  ctx: RowContext,
  rows: Doc[],
  stored: Map<string, string>,
): Promise<Map<number, RowOutcome>> {
  const done = new Map<number, RowOutcome>();
  if (ctx.mode !== 'upsert' || stored.size === 0) return done;
  const named = new Map<string, number>();
  for (const row of rows)
    if (typeof row.publisherRefId === 'string') named.set(row.publisherRefId, (named.get(row.publisherRefId) ?? 0) + 1);
  const positions: number[] = [];
  const updates: { id: string; body: Doc }[] = [];
  for (const [index, row] of rows.entries()) {
    const reference = row.publisherRefId;
    if (typeof reference !== 'string' || named.get(reference) !== 1) continue;
    const id = stored.get(reference);
    const body = id === undefined ? undefined : simpleUpdateBody(ctx, row);
    if (id === undefined || body === undefined) continue;
    positions.push(index);
    updates.push({ id, body });
  }
  if (updates.length === 0) return done;
  const { unchanged, updated } = await ctx.products.updateMany(ctx.principal, updates, { tx: ctx.tx });
  for (const position of unchanged) done.set(positions[position]!, 'unchanged');
  for (const position of updated) done.set(positions[position]!, 'updated');
  return done;
}
