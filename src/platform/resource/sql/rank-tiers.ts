import type { SqlParams } from './sql-conditions.js';

/**
 * The rank tiers of a word search without `sort` (docs/decisions.md, "Product search": best match first). A match
 * is in tier 1 when every word searched is found in the fields weighted A (a product's name, reference, code name),
 * in tier 2 when in fields weighted A or B (the marketing names too), in tier 3 with C (a parent's words), else in
 * tier 4 (the description texts); tiers come in that order, each newest first. Three word tests a match, where
 * `ts_rank` weighed every position of every word (and let a word repeated in a long text outrank the name).
 */
const TIER_WEIGHTS = ['A', 'AB', 'ABC'] as const;

/** How many tiers a search has: one per restriction, and the matches left. */
const TIERS = TIER_WEIGHTS.length + 1;

/**
 * `words` (a tsquery literal of document/search-words.ts) with every word it looks for restricted to `weights`:
 * `'~fjo' & !'pro'` becomes `'~fjo':AB & !'pro'` (an excluded word stays excluded wherever it is). The literal holds
 * quoted lexemes, a long word's `'prefix':*`, and excluded words or phrases (`!'word'`, `!('a' <-> 'b')`).
 */
export function weightedWords(words: string, weights: string): string {
  return words.replace(/!\([^()]*\)|!'[^']*'|'([^']*)'(:\*)?/g, (match, lexeme?: string, prefix?: string) =>
    lexeme === undefined ? match : `'${lexeme}':${prefix ? '*' : ''}${weights}`,
  );
}

/** The tier (1 to TIERS) of a matching row, best first. */
export function tierExpression(words: string, params: SqlParams, prefix = ''): string {
  const cases = TIER_WEIGHTS.map(
    (weights, index) =>
      `WHEN ${prefix}words @@ ${params.add(weightedWords(words, weights))}::tsquery THEN ${index + 1}`,
  );
  return `CASE ${cases.join(' ')} ELSE ${TIERS} END`;
}
