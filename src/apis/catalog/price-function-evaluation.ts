import { performance } from 'node:perf_hooks';
import { ExpressionError } from './pricing/expression-errors.js';
import { checkExpression } from './pricing/expression-check.js';
import { expressionLanguage } from './pricing/expression-language.js';
import { money, type Money } from './pricing/money.js';
import { parameterValue, type ParameterValue } from './pricing/parameter-values.js';
import { plainCopy } from './pricing/plain-inputs.js';
import type { PriceFunction } from './price-function.schema.js';

/** DECISIONS §9: a price function may not run longer than this. */
export const EVALUATION_TIME_LIMIT_MS = 50;
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

export type EvaluationResult = { ok: true; value: Money; parameterValues: Record<string, string> } | { ok: false; message: string; parameterValues: Record<string, string> };

/** Parameter texts: the defaults, overridden by the supplied values of declared parameters. */
export function parameterTexts(fn: PriceFunction, supplied: Record<string, string> = {}): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const parameter of fn.parameters ?? []) {
    const text = Object.hasOwn(supplied, parameter.field) ? supplied[parameter.field] : parameter.defaultValue;
    if (text !== undefined) texts[parameter.field] = text;
  }
  return texts;
}

function contextOf(fn: PriceFunction, inputs: EvaluationInputs, texts: Record<string, string>): Record<string, unknown> {
  const context = Object.create(null) as Record<string, unknown>;
  for (const field of fn.productFields ?? []) context[field] = plainCopy(inputs.product[field]);
  for (const field of fn.variables ?? []) context[field] = plainCopy(inputs.variables[field]);
  for (const parameter of fn.parameters ?? []) {
    const text = texts[parameter.field];
    if (text === undefined) throw new ExpressionError(`parameter ${parameter.field} has no value (no default, none supplied)`);
    try {
      context[parameter.field] = parameterValue(parameter, text) satisfies ParameterValue;
    } catch (error) {
      throw new ExpressionError(`parameter ${parameter.field}: ${(error as Error).message}`);
    }
  }
  context.price = inputs.price;
  context.quantity = inputs.quantity;
  return context;
}

function amountOf(result: unknown): Money {
  if (typeof result !== 'number' || !Number.isFinite(result)) throw new ExpressionError(`the result is not a number (${result === null ? 'null' : typeof result})`);
  if (result < 0 || result > MAX_AMOUNT) throw new ExpressionError(`the result ${result} is outside 0..${MAX_AMOUNT}`);
  return money(result);
}

/** Rejects once `ms` have passed; the timer is cleared when the evaluation settles first. */
function raceWithTimer<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ExpressionError(`the evaluation took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Evaluates a price function (DECISIONS §9) on its inputs only: parameters typed and bounded, product fields and
 * variables as prototype-free copies, decimal arithmetic, and a wall-clock limit checked by every operator (jexl
 * resolves on microtasks, so a timer alone could not interrupt it) and raced with a timer. Never throws: a failure
 * is a result with the reason.
 */
export async function evaluatePriceFunction(fn: PriceFunction, inputs: EvaluationInputs, timeLimitMs = EVALUATION_TIME_LIMIT_MS): Promise<EvaluationResult> {
  const parameterValues = parameterTexts(fn, inputs.supplied);
  const started = performance.now();
  const deadline = () => {
    if (performance.now() - started > timeLimitMs) throw new ExpressionError(`the evaluation took longer than ${timeLimitMs} ms`);
  };
  try {
    const { compiled } = checkExpression(fn.expression, expressionLanguage(deadline));
    const context = contextOf(fn, inputs, parameterValues);
    const result = await raceWithTimer(compiled.eval(context), timeLimitMs);
    deadline();
    return { ok: true, value: amountOf(result), parameterValues };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `price function ${String(fn.id ?? fn.name)} failed: ${reason}`, parameterValues };
  }
}
