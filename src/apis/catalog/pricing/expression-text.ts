import { ExpressionError } from './expression-errors.js';

/** The longest expression text (the schema's bound): longer ones are never parsed. */
export const MAX_EXPRESSION_LENGTH = 4000;
/** The most tokens (names, literals, operators, brackets) an expression may have: its tree is at most this large. */
export const MAX_EXPRESSION_TOKENS = 1000;
/** The deepest nesting of brackets: `(`, `[` and `{` each open a level, whatever they hold. */
export const MAX_EXPRESSION_NESTING = 32;

const OPENING = new Set(['(', '[', '{']);
const CLOSING = new Set([')', ']', '}']);
const WORD = /[\w$]/;

/** The index just past the string literal opened by the quote at `start` (a backslash escapes the next character). */
function endOfString(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === quote) return i + 1;
  }
  return text.length;
}

/**
 * Measures an expression on its text, in one pass, before anything parses it: a parser given 2,000 nested
 * parentheses (which make no node of their own) works for seconds, so size and nesting are refused here. Counts
 * string literals, words (names, numbers, keywords) and runs of operator characters as one token each; brackets
 * count as tokens and as nesting. Throws ExpressionError naming the limit.
 */
export function checkExpressionText(text: string): void {
  if (text.length > MAX_EXPRESSION_LENGTH)
    throw new ExpressionError(`the expression is longer than ${MAX_EXPRESSION_LENGTH} characters`);
  let tokens = 0;
  let depth = 0;
  for (let i = 0; i < text.length; ) {
    const char = text[i]!;
    if (/\s/.test(char)) {
      i += 1;
      continue;
    }
    tokens += 1;
    if (tokens > MAX_EXPRESSION_TOKENS)
      throw new ExpressionError(`the expression has more than ${MAX_EXPRESSION_TOKENS} tokens`);
    if (char === '"' || char === "'") {
      i = endOfString(text, i);
    } else if (OPENING.has(char)) {
      depth += 1;
      if (depth > MAX_EXPRESSION_NESTING)
        throw new ExpressionError(`the expression nests brackets deeper than ${MAX_EXPRESSION_NESTING} levels`);
      i += 1;
    } else if (CLOSING.has(char)) {
      depth = Math.max(0, depth - 1);
      i += 1;
    } else if (WORD.test(char)) {
      while (i < text.length && WORD.test(text[i]!)) i += 1;
    } else {
      while (
        i < text.length &&
        !WORD.test(text[i]!) &&
        !/\s/.test(text[i]!) &&
        !OPENING.has(text[i]!) &&
        !CLOSING.has(text[i]!) &&
        text[i] !== '"' &&
        text[i] !== "'"
      )
        i += 1;
    }
  }
}
