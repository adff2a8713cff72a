/**
 * What one evaluation may spend matching patterns, in instruction-characters (a pattern's compiled instructions times
 * the characters it reads): 200,000 cost at most 1.4 ms here once compiled (docs/security.md). A price
 * evaluation shares one budget across all its parameters; each JSONPath selection has its own.
 */
export const MATCH_BUDGET = 200_000;

/** The budget of one evaluation ran out: the outcome depends on the pattern and the text only, never on the load. */
export class MatchBudgetError extends Error {
  override name = 'MatchBudgetError';
}

export class MatchBudget {
  private spent = 0;

  constructor(readonly limit = MATCH_BUDGET) {}

  /** Spends `cost`, or throws, spending nothing, when it would pass the limit. */
  charge(cost: number): void {
    if (this.spent + cost > this.limit)
      throw new MatchBudgetError(
        `matching would cost ${this.spent + cost} instruction-characters, more than the ${this.limit} one evaluation may spend`,
      );
    this.spent += cost;
  }
}
