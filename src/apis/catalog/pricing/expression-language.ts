import type { Decimal } from 'decimal.js';
import jexl, { type Jexl } from 'jexl';
import { ExpressionError } from './expression-errors.js';
import { Money, money } from './money.js';

/** The longest text an expression may build (`+` on texts): a runaway concatenation fails instead of filling memory. */
export const MAX_TEXT_LENGTH = 10_000;
/** The most items `min`/`max` take, and the largest exponent `^` accepts. */
const MAX_ARGUMENTS = 1000;
const MAX_EXPONENT = 64;

/** The most steps one evaluation may take: a tree node visited is one, and heavy operators cost more (see `charge`). */
export const MAX_EVALUATION_STEPS = 10_000;

/** Counts one evaluation's steps; past `limit` the evaluation fails, whatever the machine's load. */
export class StepMeter {
  private steps = 0;
  constructor(private readonly limit = MAX_EVALUATION_STEPS) {}
  charge(steps = 1): void {
    this.steps += steps;
    if (this.steps > this.limit)
      throw new ExpressionError(`the evaluation takes more than ${this.limit} steps; simplify the expression`);
  }
}

/**
 * The meter of the evaluation running now. Evaluations are synchronous from start to end (expression-evaluator.ts),
 * so one runs at a time and the operators below can charge it without being given it.
 */
let running: StepMeter | undefined;

/** Runs `work` with `meter` charged by every operator and function it reaches. */
export function metered<T>(meter: StepMeter, work: () => T): T {
  const outer = running;
  running = meter;
  try {
    return work();
  } finally {
    running = outer;
  }
}

/** Charges the running evaluation: `steps` for work beyond a node's visit (a long text joined, many arguments). */
export function charge(steps = 1): void {
  running?.charge(steps);
}

function decimalOf(value: unknown, operator: string): Money {
  if (typeof value === 'number' && Number.isFinite(value)) return money(value);
  throw new ExpressionError(`operator ${operator} needs numbers, got ${value === null ? 'null' : typeof value}`);
}

/** Back to a JSON number through the decimal's text, so 0.1 + 0.2 is 0.3. */
function numberOf(result: Money): number {
  if (!result.isFinite()) throw new ExpressionError('the result is not a finite number');
  return Number(result.toString());
}

function arithmetic(operator: string, apply: (left: Money, right: Money) => Money) {
  return (left: unknown, right: unknown) => {
    charge();
    return numberOf(apply(decimalOf(left, operator), decimalOf(right, operator)));
  };
}

function nonZero(divisor: Money): Money {
  if (divisor.isZero()) throw new ExpressionError('division by zero');
  return divisor;
}

/** Characters of text a step pays for: joining texts costs by their length. */
const CHARACTERS_PER_STEP = 100;

function plus() {
  const add = arithmetic('+', (a, b) => a.plus(b));
  return (left: unknown, right: unknown) => {
    if (typeof left !== 'string' && typeof right !== 'string') return add(left, right);
    const text = String(left) + String(right);
    charge(1 + Math.floor(text.length / CHARACTERS_PER_STEP));
    if (text.length > MAX_TEXT_LENGTH) throw new ExpressionError(`a text longer than ${MAX_TEXT_LENGTH} characters`);
    return text;
  };
}

function power() {
  return arithmetic('^', (base, exponent) => {
    if (!exponent.isInteger() || exponent.abs().greaterThan(MAX_EXPONENT))
      throw new ExpressionError(`operator ^ takes a whole exponent of at most ${MAX_EXPONENT}`);
    return base.pow(exponent);
  });
}

function sizeOf(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  if (typeof value === 'object') return Object.keys(value).length;
  throw new ExpressionError(`size() takes a text, a list or an object, got ${typeof value}`);
}

/** Apache JEXL's `empty`: null, an empty text, list or object; a number or boolean is never empty. */
function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string' || typeof value === 'object') return sizeOf(value) === 0;
  return false;
}

function numbersOf(name: string, args: unknown[]): Money[] {
  const values = args.length === 1 && Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  if (values.length === 0) throw new ExpressionError(`${name}() needs at least one number`);
  if (values.length > MAX_ARGUMENTS) throw new ExpressionError(`${name}() takes at most ${MAX_ARGUMENTS} numbers`);
  charge(values.length);
  return values.map((value) => decimalOf(value, `${name}()`));
}

/** round/ceil/floor to `digits` fraction digits (default 0); round goes half-up (away from zero), as Java's BigDecimal HALF_UP. */
function rounding(name: string, mode: Decimal.Rounding) {
  return (value: unknown, digits: unknown = 0) => {
    charge();
    if (typeof digits !== 'number' || !Number.isInteger(digits) || digits < 0 || digits > 12)
      throw new ExpressionError(`${name}() takes 0 to 12 fraction digits`);
    return numberOf(decimalOf(value, `${name}()`).toDecimalPlaces(digits, mode));
  };
}

/** The functions an expression may call, by name: nothing else is reachable. */
export const FUNCTION_NAMES = ['size', 'empty', 'min', 'max', 'round', 'ceil', 'floor', 'abs', 'not'] as const;

/**
 * The price-function language: jexl's grammar with decimal arithmetic (every operator computes on decimals), the
 * Apache-JEXL-style `and`, `or`, `not` and the functions of FUNCTION_NAMES. Jexl parses with it; our evaluator
 * (expression-evaluator.ts) runs its operators and functions, which charge the running evaluation's meter.
 */
function priceFunctionLanguage(): Jexl {
  const language = new jexl.Jexl();
  language.addBinaryOp('+', 30, plus());
  language.addBinaryOp(
    '-',
    30,
    arithmetic('-', (a, b) => a.minus(b)),
  );
  language.addBinaryOp(
    '*',
    40,
    arithmetic('*', (a, b) => a.times(b)),
  );
  language.addBinaryOp(
    '/',
    40,
    arithmetic('/', (a, b) => a.dividedBy(nonZero(b))),
  );
  language.addBinaryOp(
    '//',
    40,
    arithmetic('//', (a, b) => a.dividedBy(nonZero(b)).toDecimalPlaces(0, Money.ROUND_FLOOR)),
  );
  language.addBinaryOp(
    '%',
    50,
    arithmetic('%', (a, b) => a.modulo(nonZero(b))),
  );
  language.addBinaryOp('^', 50, power());
  language.addBinaryOp('and', 10, (left, right) => Boolean(left) && Boolean(right));
  language.addBinaryOp('or', 10, (left, right) => Boolean(left) || Boolean(right));
  language.addUnaryOp('not', (right) => !right);
  const functions: Record<(typeof FUNCTION_NAMES)[number], (...args: unknown[]) => unknown> = {
    size: (value) => sizeOf(value),
    empty: (value) => isEmpty(value),
    min: (...args) => numberOf(Money.min(...numbersOf('min', args))),
    max: (...args) => numberOf(Money.max(...numbersOf('max', args))),
    round: rounding('round', Money.ROUND_HALF_UP),
    ceil: rounding('ceil', Money.ROUND_CEIL),
    floor: rounding('floor', Money.ROUND_FLOOR),
    abs: (value) => numberOf(decimalOf(value, 'abs()').abs()),
    not: (value) => !value,
  };
  for (const [name, fn] of Object.entries(functions)) language.addFunction(name, fn);
  return language;
}

/** One language for every expression: its operators keep no state of their own. */
export const PRICE_FUNCTION_LANGUAGE = priceFunctionLanguage();
