import { type LinearPattern, linearPattern } from '../../../platform/linear-patterns.js';
import { type MatchBudget, MatchBudgetError } from '../../../platform/match-budget.js';
import type { PriceFunctionParameter } from '../price-function.schema.js';
import { ExpressionError } from './expression-errors.js';

export type ParameterValue = number | string | boolean;

const INTEGER_TEXT = /^[+-]?\d{1,15}$/;
const NUMBER_TEXT = /^[+-]?(\d{1,15}(\.\d{0,12})?|\.\d{1,12})([eE][+-]?\d{1,3})?$/;

/**
 * The parameter's pattern, matched against whole values (as Java's `matches`) in time linear in the value's length
 * (RE2 syntax: no backreferences or lookaround); a pattern RE2 cannot compile, or past the size limits of
 * linear-patterns.ts, is refused with its reason.
 */
export function patternOf(pattern: string): LinearPattern {
  try {
    return linearPattern(pattern);
  } catch (error) {
    throw new ExpressionError(`is not a valid regular expression: ${(error as Error).message}`);
  }
}

function withinBounds(parameter: PriceFunctionParameter, value: number, text: string): number {
  if (parameter.min !== undefined && value < parameter.min)
    throw new ExpressionError(`${text} is below the minimum ${parameter.min}`);
  if (parameter.max !== undefined && value > parameter.max)
    throw new ExpressionError(`${text} is above the maximum ${parameter.max}`);
  return value;
}

/** Whether `text` matches the parameter's pattern whole, its cost charged to `budget`. */
function matchesPattern(pattern: string, text: string, budget: MatchBudget | undefined): boolean {
  try {
    return patternOf(pattern).matchesWhole(text, budget);
  } catch (error) {
    if (error instanceof MatchBudgetError)
      throw new ExpressionError(`is too long to check against its pattern: ${error.message}`);
    throw error;
  }
}

/**
 * A parameter's value from its text (default values and supplied values are texts): typed by `type` (default
 * NUMBER) and checked against `min`/`max` (numbers) or `pattern` (texts), the pattern's cost charged to `budget` (one
 * per evaluation; a fresh one when absent). Throws ExpressionError saying what is wrong.
 */
export function parameterValue(parameter: PriceFunctionParameter, text: string, budget?: MatchBudget): ParameterValue {
  const shown = JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}...` : text);
  switch (parameter.type ?? 'NUMBER') {
    case 'INTEGER':
      if (!INTEGER_TEXT.test(text)) throw new ExpressionError(`${shown} is not an INTEGER`);
      return withinBounds(parameter, Number(text), shown);
    case 'NUMBER':
      if (!NUMBER_TEXT.test(text)) throw new ExpressionError(`${shown} is not a NUMBER`);
      return withinBounds(parameter, Number(text), shown);
    case 'BOOLEAN':
      if (text !== 'true' && text !== 'false') throw new ExpressionError(`${shown} is not a BOOLEAN (true or false)`);
      return text === 'true';
    default:
      if (parameter.pattern !== undefined && !matchesPattern(parameter.pattern, text, budget))
        throw new ExpressionError(`${shown} does not match the pattern ${parameter.pattern}`);
      return text;
  }
}
