import { MatchBudget } from '../../platform/match-budget.js';
import type { PriceFunction } from './price-function.schema.js';
import { checkExpression } from './pricing/expression-check.js';
import { ExpressionError } from './pricing/expression-errors.js';
import { evaluateExpression } from './pricing/expression-evaluator.js';
import { type Money, money } from './pricing/money.js';
import { type ParameterValue, parameterValue } from './pricing/parameter-values.js';
import { plainCopy } from './pricing/plain-inputs.js';

/** The largest amount a function may answer (the schemas' bound on amounts). */
const MAX_AMOUNT = 1e12;

export interface EvaluationInputs {
  /** The selected list value. */
  price: number;
  quantity: number;
  /** Supplied parameter values (texts), overriding the defaults. */
  supplied?: Record<string, string>;
  /** The product, read for the fields the function lists. */
  product: Record<string, unknown>;
  /** The product's variables by field (value, else default value). */
  variables: Record<string, unknown>;
}

export type EvaluationResult =
  | { ok: true; value: Money; parameterValues: Record<string, string> }
  | { ok: false; message: string; parameterValues: Record<string, string> };

/** Parameter texts: the defaults, overridden by the supplied values of declared parameters. */
export function parameterTexts(fn: PriceFunction, supplied: Record<string, string> = {}): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const parameter of fn.parameters ?? []) {
    const text = Object.hasOwn(supplied, parameter.field) ? supplied[parameter.field] : parameter.defaultValue;
    if (text !== undefined) texts[parameter.field] = text;
  }
  return texts;
}

function contextOf(
  fn: PriceFunction,
  inputs: EvaluationInputs,
  texts: Record<string, string>,
): Record<string, unknown> {
  const context = Object.create(null) as Record<string, unknown>;
  for (const field of fn.productFields ?? []) context[field] = plainCopy(inputs.product[field]);
  for (const field of fn.variables ?? []) context[field] = plainCopy(inputs.variables[field]);
  const variables = new Set(fn.variables ?? []);
  // One budget for every pattern this evaluation checks: 50 parameters cost no more than one.
  const budget = new MatchBudget();
  for (const parameter of fn.parameters ?? []) {
    const text = texts[parameter.field];
    // A parameter also listed in `variables` without a value of its own leaves the product's variable bound.
    if (text === undefined && variables.has(parameter.field) && context[parameter.field] !== undefined) continue;
    if (text === undefined)
      throw new ExpressionError(`parameter ${parameter.field} has no value (no default, none supplied)`);
    try {
      context[parameter.field] = parameterValue(parameter, text, budget) satisfies ParameterValue;
    } catch (error) {
      throw new ExpressionError(`parameter ${parameter.field}: ${(error as Error).message}`);
    }
  }
  context.price = inputs.price;
  context.quantity = inputs.quantity;
  return context;
}

function amountOf(result: unknown): Money {
  if (typeof result !== 'number' || !Number.isFinite(result))
    throw new ExpressionError(`the result is not a number (${result === null ? 'null' : typeof result})`);
  if (result < 0 || result > MAX_AMOUNT) throw new ExpressionError(`the result ${result} is outside 0..${MAX_AMOUNT}`);
  return money(result);
}

/**
 * Evaluates a price function (docs/product-decisions.md §9) on its inputs only: parameters typed and bounded, product fields and
 * variables as prototype-free copies, decimal arithmetic, synchronously and within a fixed number of steps (about a
 * millisecond here, far below the 50 ms docs/product-decisions.md §9 allows), so the outcome depends on the function and its inputs,
 * never on the machine's load. The expression is parsed once per text. Never throws: a failure is a result with the reason.
 */
export function evaluatePriceFunction(
  fn: PriceFunction,
  inputs: EvaluationInputs,
  maxSteps?: number,
): EvaluationResult {
  const parameterValues = parameterTexts(fn, inputs.supplied);
  try {
    const { ast } = checkExpression(fn.expression);
    const context = contextOf(fn, inputs, parameterValues);
    const result = evaluateExpression(ast, context, maxSteps);
    return { ok: true, value: amountOf(result), parameterValues };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `price function ${String(fn.id ?? fn.name)} failed: ${reason}`, parameterValues };
  }
}
