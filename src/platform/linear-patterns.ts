import { LRUCache } from 'lru-cache';
import { RE2JS } from 're2js';
import { MatchBudget } from './match-budget.js';
import { repetitionTotal } from './pattern-size.js';

/** Patterns compiled per process, by source: a pattern stored once is compiled once, not per value it checks. */
const COMPILED = 1_000;

/**
 * The largest program a pattern may compile to (RE2's instructions). Matching costs the program's size times the
 * text's length (RE2's automata visit each instruction at most once per character): `.{0,999}` repeated 30 times is
 * 240 characters but 59,942 instructions, and matching 256 characters with it took 0.3–1 s (docs/security.md).
 */
export const MAX_PATTERN_INSTRUCTIONS = 1_000;

/** A regular expression matched in time linear in the text (RE2's automata): no input makes it backtrack. */
export interface LinearPattern {
  /** RE2's program size: what one character of text costs to match. */
  readonly instructions: number;
  /** The whole text matches (Java's `matches`, an RFC 9485 I-Regexp `match`); the cost is charged to `budget`. */
  matchesWhole(text: string, budget?: MatchBudget): boolean;
  /** Some part of the text matches (I-Regexp `search`); the cost is charged to `budget`. */
  occursIn(text: string, budget?: MatchBudget): boolean;
}

/** A pattern that cannot be used: it does not compile, or it is past a limit. The message says which. */
export class PatternError extends Error {
  override name = 'PatternError';
}

const compiled = new LRUCache<string, LinearPattern | PatternError>({ max: COMPILED });

function compile(source: string): LinearPattern {
  // Measured on the text first: compiling a program far past the limit is itself costly (155 ms for 59,942).
  const estimate = repetitionTotal(source);
  if (estimate > MAX_PATTERN_INSTRUCTIONS)
    throw new PatternError(
      `repeats its parts ${estimate} times in all (at most ${MAX_PATTERN_INSTRUCTIONS}: each repetition is matched at every character)`,
    );
  let pattern: RE2JS;
  try {
    pattern = RE2JS.compile(source);
  } catch (error) {
    throw new PatternError((error as Error).message.replace(/^error parsing regexp: /, ''));
  }
  const instructions = pattern.programSize();
  if (instructions > MAX_PATTERN_INSTRUCTIONS)
    throw new PatternError(
      `compiles to ${instructions} instructions (at most ${MAX_PATTERN_INSTRUCTIONS}: each is matched at every character)`,
    );
  const charge = (text: string, budget: MatchBudget | undefined) =>
    (budget ?? new MatchBudget()).charge(instructions * (text.length + 1));
  return Object.freeze({
    instructions,
    matchesWhole: (text: string, budget?: MatchBudget) => {
      charge(text, budget);
      return pattern.matches(text);
    },
    occursIn: (text: string, budget?: MatchBudget) => {
      charge(text, budget);
      return pattern.matcher(text).find();
    },
  });
}

/**
 * User-supplied patterns (price-function parameters, JSONPath `match`/`search`) run on RE2JS, the JavaScript port of
 * RE2: its syntax is the common one minus backreferences and lookaround, which it refuses (they are what makes a
 * pattern backtrack). Each is bounded by what it costs, not by its text: its repetitions and its compiled size are
 * limited (MAX_PATTERN_INSTRUCTIONS), and each match charges instructions × characters to a MatchBudget, so no
 * pattern and no value holds the thread for more than the budget allows. Throws a PatternError saying why a pattern
 * cannot be used.
 */
export function linearPattern(source: string): LinearPattern {
  let outcome = compiled.get(source);
  if (!outcome) {
    try {
      outcome = compile(source);
    } catch (error) {
      outcome = error instanceof PatternError ? error : new PatternError((error as Error).message);
    }
    compiled.set(source, outcome);
  }
  if (outcome instanceof PatternError) throw outcome;
  return outcome;
}
