import type { Doc } from '../../../platform/resource/index.js';
import { type RowContext, simpleUpdateBody } from './import-row.js';

/**
 * The rows of an upsert chunk that would change nothing (an export imported back), found together: one locked read
 * of their products and the checks of an update each, instead of a savepoint, a read and a release per row. Only a
 * row whose reference is stored and named once in the chunk (no earlier row changes its product first), with the
 * body one update would take from it (`simpleUpdateBody`), is looked at. Answers the positions found unchanged: their
 * outcome is `unchanged` and nothing is written for them; every other row goes on as before.
 */
export async function unchangedRows(ctx: RowContext, rows: Doc[], stored: Map<string, string>): Promise<Set<number>> {
  if (ctx.mode !== 'upsert' || stored.size === 0) return new Set();
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
  if (updates.length === 0) return new Set();
  const unchanged = await ctx.products.unchangedAmong(ctx.principal, updates, { tx: ctx.tx });
  return new Set([...unchanged].map((position) => positions[position]!));
}
