import { LRUCache } from 'lru-cache';
import { RE2JS } from 're2js';

/** Patterns compiled per process, by source: a pattern stored once is compiled once, not per value it checks. */
const COMPILED = 1_000;

/** A regular expression matched in time linear in the text (RE2's automata): no input makes it backtrack. */
export interface LinearPattern {
  /** The whole text matches (Java's `matches`, an RFC 9485 I-Regexp `match`). */
  matchesWhole(text: string): boolean;
  /** Some part of the text matches (I-Regexp `search`). */
  occursIn(text: string): boolean;
}

const compiled = new LRUCache<string, LinearPattern | Error>({ max: COMPILED });

function compile(source: string): LinearPattern {
  const pattern = RE2JS.compile(source);
  return Object.freeze({
    matchesWhole: (text: string) => pattern.matches(text),
    occursIn: (text: string) => pattern.matcher(text).find(),
  });
}

/**
 * User-supplied patterns (price-function parameters, JSONPath `match`/`search`) run on RE2JS, the JavaScript port of
 * RE2: its syntax is the common one minus backreferences and lookaround, which it refuses (they are what makes a
 * pattern backtrack). Throws an Error saying why a pattern does not compile.
 */
export function linearPattern(source: string): LinearPattern {
  let outcome = compiled.get(source);
  if (!outcome) {
    try {
      outcome = compile(source);
    } catch (error) {
      outcome = new Error((error as Error).message.replace(/^error parsing regexp: /, ''));
    }
    compiled.set(source, outcome);
  }
  if (outcome instanceof Error) throw outcome;
  return outcome;
}
