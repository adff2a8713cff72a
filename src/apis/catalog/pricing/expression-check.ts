import type { JexlAst } from 'jexl';
import { LRUCache } from 'lru-cache';
import { ExpressionError } from './expression-errors.js';
import { FUNCTION_NAMES, PRICE_FUNCTION_LANGUAGE } from './expression-language.js';
import { checkExpressionText, MAX_EXPRESSION_TOKENS } from './expression-text.js';

/** Deeper trees than this are refused: every walk over the tree stays far from the stack's limit. */
const MAX_DEPTH = MAX_EXPRESSION_TOKENS;
/** Parsed expressions kept per process, by text: each function version is parsed once, not once per price. */
const PARSED_EXPRESSIONS = 2_000;

/**
 * Member names an expression may not read: everything the prototypes of data values carry (`constructor`,
 * `__proto__`, `toString`, `concat`, ...) but `length`. Inputs are plain data whose objects have no prototype, so a
 * member read reaches only inputs, never a function (and so never Function's members either).
 */
const FORBIDDEN_MEMBERS = new Set(
  [Object.prototype, Array.prototype, String.prototype, Number.prototype, Boolean.prototype]
    .flatMap((prototype) => Object.getOwnPropertyNames(prototype))
    .concat(['__proto__', 'prototype', 'constructor', '__defineGetter__', '__lookupGetter__'])
    .filter((name) => name !== 'length'),
);

/** Comparisons answer booleans: the only computed index (`list[quantity > 2]`) an expression may use. */
const BOOLEAN_OPERATORS = new Set(['==', '!=', '<', '<=', '>', '>=', 'in']);

export interface CheckedExpression {
  ast: JexlAst;
  /** The top-level names the expression reads, in order of appearance. */
  identifiers: string[];
}

function member(name: unknown): void {
  if (typeof name !== 'string' || FORBIDDEN_MEMBERS.has(name))
    throw new ExpressionError(`member ${String(name)} may not be read`);
}

/** A static index: a literal number, boolean or allowed name, or a comparison (answering true or false). */
function checkIndex(index: JexlAst): void {
  if (index.type === 'Literal') {
    if (typeof index.value === 'string') member(index.value);
    return;
  }
  const booleanOperator =
    (index.type === 'BinaryExpression' && BOOLEAN_OPERATORS.has(String(index.operator))) ||
    (index.type === 'UnaryExpression' && (index.operator === '!' || index.operator === 'not'));
  if (!booleanOperator) throw new ExpressionError('an index must be a literal or a comparison');
}

function walk(node: JexlAst | undefined, identifiers: string[], depth: number): void {
  if (!node) return;
  if (depth > MAX_DEPTH) throw new ExpressionError(`the expression is nested deeper than ${MAX_DEPTH} levels`);
  const next = (child: unknown) => walk(child as JexlAst | undefined, identifiers, depth + 1);
  switch (node.type) {
    case 'Literal':
      return;
    case 'Identifier':
      if (node.from) {
        member(node.value);
        return next(node.from);
      }
      if (node.relative) return member(node.value);
      identifiers.push(String(node.value));
      return;
    case 'BinaryExpression':
      next(node.left);
      return next(node.right);
    case 'UnaryExpression':
      return next(node.right);
    case 'ConditionalExpression':
      next(node.test);
      next(node.consequent);
      return next(node.alternate);
    case 'FilterExpression':
      next(node.subject);
      if (!node.relative) checkIndex(node.expr as JexlAst);
      return next(node.expr);
    case 'ArrayLiteral':
      return (node.value as JexlAst[]).forEach(next);
    case 'ObjectLiteral':
      return Object.values(node.value as Record<string, JexlAst>).forEach(next);
    case 'FunctionCall':
      if (node.pool !== 'functions' || !(FUNCTION_NAMES as readonly string[]).includes(String(node.name))) {
        throw new ExpressionError(`unknown function ${String(node.name)}; available: ${FUNCTION_NAMES.join(', ')}`);
      }
      return (node.args as JexlAst[] | undefined)?.forEach(next);
    default:
      throw new ExpressionError(`unsupported construct ${node.type}`);
  }
}

function parse(expression: string): CheckedExpression {
  checkExpressionText(expression);
  let ast: JexlAst;
  try {
    ast = PRICE_FUNCTION_LANGUAGE.compile(expression)._getAst();
  } catch (error) {
    if (error instanceof RangeError) throw new ExpressionError('the expression is nested too deeply');
    throw new ExpressionError(error instanceof Error ? error.message : String(error));
  }
  if (!ast) throw new ExpressionError('the expression is empty or incomplete');
  const identifiers: string[] = [];
  walk(ast, identifiers, 0);
  return { ast, identifiers: [...new Set(identifiers)] };
}

/** Each text's outcome, a checked tree or the reason it is refused; frozen, as every caller shares it. */
const parsed = new LRUCache<string, CheckedExpression | ExpressionError>({ max: PARSED_EXPRESSIONS });

/**
 * The expression measured on its text (expression-text.ts), then parsed with the price-function language and checked
 * for what it may reach: known functions only, no prototype member, literal or boolean indexes. Throws
 * ExpressionError with the reason (a limit, or the parse error's message). A text is parsed once per process.
 */
export function checkExpression(expression: string): CheckedExpression {
  let outcome = parsed.get(expression);
  if (!outcome) {
    try {
      outcome = Object.freeze(parse(expression));
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      outcome = error;
    }
    parsed.set(expression, outcome);
  }
  if (outcome instanceof ExpressionError) throw outcome;
  return outcome;
}
