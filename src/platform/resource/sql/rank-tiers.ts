import type { SqlParams } from './sql-conditions.js';

/**
 * The rank tiers of a word search without `sort` (docs/decisions.md, "Product search": best match first). A match
 * is in tier 1 when every word searched is found in the fields weighted A (a product's name, reference, code name),
 * in tier 2 when in fields weighted A or B (the marketing names too), in tier 3 with C (a parent's words), else in
 * tier 4; tiers come in that order, each newest first. Unlike `ts_rank`, an index gives that order: a page of one
 * owner walks the owner's newest-first index tier by tier and stops at its last match, once the tiers' counts are
 * known (store/listing-counts.ts).
 */
const TIER_WEIGHTS = ['A', 'AB', 'ABC'] as const;

/** How many tiers a search has: one per restriction, and the matches left. */
export const TIERS = TIER_WEIGHTS.length + 1;

/**
 * `words` (a tsquery literal of document/search-words.ts) with every word it looks for restricted to `weights`:
 * `'~fjo' & !'pro'` becomes `'~fjo':AB & !'pro'` (an excluded word stays excluded wherever it is). The literal holds
 * quoted lexemes, a long word's `'prefix':*`, and excluded words or phrases (`!'word'`, `!('a' <-> 'b')`).
 */
function weighted(words: string, weights: string): string {
  return words.replace(/!\([^()]*\)|!'[^']*'|'([^']*)'(:\*)?/g, (match, lexeme?: string, prefix?: string) =>
    lexeme === undefined ? match : `'${lexeme}':${prefix ? '*' : ''}${weights}`,
  );
}

/** The tsquery literal of the matches of tier `tier` (from 1) and of the tiers before it; the last tier's: every match. */
export function tierQuery(words: string, tier: number): string {
  const weights = TIER_WEIGHTS[tier - 1];
  return weights === undefined ? words : weighted(words, weights);
}

/** The tier (1 to TIERS) of a matching row. */
export function tierExpression(words: string, params: SqlParams, prefix = ''): string {
  const cases = TIER_WEIGHTS.map(
    (_, index) => `WHEN ${prefix}words @@ ${params.add(tierQuery(words, index + 1))}::tsquery THEN ${index + 1}`,
  );
  return `CASE ${cases.join(' ')} ELSE ${TIERS} END`;
}

/**
 * `tiers`: how many matches the tiers before the last hold, each with the tiers before it (ascending counts), as an
 * aggregate over the matches or (`window`) beside each of them.
 */
export function tierCounts(words: string, params: SqlParams, window: boolean): string {
  const over = window ? ' OVER ()' : '';
  const counts = TIER_WEIGHTS.map(
    (_, index) => `count(*) FILTER (WHERE words @@ ${params.add(tierQuery(words, index + 1))}::tsquery)${over}`,
  );
  return `ARRAY[${counts.join(', ')}]::int[] AS tiers`;
}

/**
 * A row of tier `tier` only: in it and not in the one before. `walk`: written as no index condition, so the page
 * walks the owner's index (the words' GIN index would find every match of every owner first).
 */
export function tierCondition(words: string, tier: number, params: SqlParams, walk: boolean): string {
  const within = `words @@ ${params.add(tierQuery(words, tier))}::tsquery`;
  const condition = walk ? `(${within}) IS TRUE` : within;
  return tier === 1 ? condition : `${condition} AND NOT words @@ ${params.add(tierQuery(words, tier - 1))}::tsquery`;
}

/** The rows of one tier a page holds: `limit` of them after the tier's first `offset`. */
export interface TierSlice {
  tier: number;
  offset: number;
  limit: number;
}

/**
 * The slices of the tiers a page (`offset`, `size`) spans, from the tiers' counts (`tiers`, as `tierCounts` gives
 * them) and the total: none for a page past the last match.
 */
export function tierSlices(tiers: number[], total: number, offset: number, size: number): TierSlice[] {
  const ends = [...tiers, total];
  const slices: TierSlice[] = [];
  let start = 0;
  ends.forEach((end, index) => {
    const from = Math.max(offset, start);
    const to = Math.min(offset + size, end);
    if (from < to) slices.push({ tier: index + 1, offset: from - start, limit: to - from });
    start = Math.max(start, end);
  });
  return slices;
}
