import vm from 'node:vm';
import safeRegex from 'safe-regex2';
import type { PriceFunctionParameter } from '../price-function.schema.js';
import { ExpressionError } from './expression-errors.js';

export type ParameterValue = number | string | boolean;

/** How long one pattern may take on one value: a backtracking pattern safe-regex2 let through is stopped here. */
export const PATTERN_TIME_LIMIT_MS = 50;

/** Runs `pattern.test(value)` where V8 can interrupt it: a regular expression cannot be stopped otherwise. */
const patternTest = new vm.Script('pattern.test(value)');
const patternContext = vm.createContext({ pattern: null, value: null });

function matchesWhole(pattern: RegExp, text: string, source: string): boolean {
  Object.assign(patternContext, { pattern, value: text });
  try {
    return patternTest.runInContext(patternContext, { timeout: PATTERN_TIME_LIMIT_MS }) === true;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new ExpressionError(`the pattern ${source} took longer than ${PATTERN_TIME_LIMIT_MS} ms on this value; simplify it`);
    throw error;
  } finally {
    Object.assign(patternContext, { pattern: null, value: null });
  }
}

const INTEGER_TEXT = /^[+-]?\d{1,15}$/;
const NUMBER_TEXT = /^[+-]?(\d{1,15}(\.\d{0,12})?|\.\d{1,12})([eE][+-]?\d{1,3})?$/;

/** The parameter's pattern as a RegExp matching whole values (as Java's `matches`); a pattern that does not compile, or could backtrack for ever (nested quantifiers), is refused. */
export function patternOf(pattern: string): RegExp {
  let regex: RegExp;
  try {
    regex = new RegExp(`^(?:${pattern})$`);
  } catch (error) {
    throw new ExpressionError(`is not a valid regular expression (${(error as Error).message})`);
  }
  if (!safeRegex(regex)) throw new ExpressionError('may backtrack catastrophically (nested or overlapping repetition); simplify it');
  return regex;
}

function withinBounds(parameter: PriceFunctionParameter, value: number, text: string): number {
  if (parameter.min !== undefined && value < parameter.min) throw new ExpressionError(`${text} is below the minimum ${parameter.min}`);
  if (parameter.max !== undefined && value > parameter.max) throw new ExpressionError(`${text} is above the maximum ${parameter.max}`);
  return value;
}

/**
 * A parameter's value from its text (default values and supplied values are texts): typed by `type` (default
 * NUMBER) and checked against `min`/`max` (numbers) or `pattern` (texts). Throws ExpressionError saying what is wrong.
 */
export function parameterValue(parameter: PriceFunctionParameter, text: string): ParameterValue {
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
      if (parameter.pattern !== undefined && !matchesWhole(patternOf(parameter.pattern), text, parameter.pattern)) throw new ExpressionError(`${shown} does not match the pattern ${parameter.pattern}`);
      return text;
  }
}
