import type { JexlAst } from 'jexl';
import { ExpressionError } from './expression-errors.js';
import { charge, metered, PRICE_FUNCTION_LANGUAGE, StepMeter } from './expression-language.js';

const { elements, functions } = PRICE_FUNCTION_LANGUAGE._grammar;

/** Where names resolve: the inputs, and inside a filter (`list[.price > 2]`) the element being tested. */
interface Scope {
  context: Record<string, unknown>;
  relative: unknown;
}

/**
 * `value[name]` when `value` holds it itself: inputs are prototype-free copies, and a text's or list's `length` is
 * the one inherited member an expression may read (expression-check.ts refuses the others before evaluation).
 */
function memberOf(value: unknown, name: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (name === 'length' && (typeof value === 'string' || Array.isArray(value))) return value.length;
  if (typeof value !== 'object' || (typeof name !== 'string' && typeof name !== 'number')) return undefined;
  return Object.hasOwn(value, name) ? (value as Record<string | number, unknown>)[name] : undefined;
}

function identifier(node: JexlAst, scope: Scope): unknown {
  if (!node.from) return memberOf(node.relative ? scope.relative : scope.context, node.value);
  const from = evaluate(node.from as JexlAst, scope);
  return memberOf(Array.isArray(from) ? from[0] : from, node.value);
}

function binary(node: JexlAst, scope: Scope): unknown {
  const operator = String(node.operator);
  // jexl's own && and || evaluate their right side on demand.
  if (operator === '&&' || operator === '||') {
    const left = evaluate(node.left as JexlAst, scope);
    return (operator === '&&') === Boolean(left) ? evaluate(node.right as JexlAst, scope) : left;
  }
  return elements[operator]!.eval!(evaluate(node.left as JexlAst, scope), evaluate(node.right as JexlAst, scope));
}

/** `subject[.test]` keeps the elements the test holds for; `subject[index]` reads one (a boolean keeps or drops all). */
function filter(node: JexlAst, scope: Scope): unknown {
  const subject = evaluate(node.subject as JexlAst, scope);
  if (node.relative) {
    const elementsOf = Array.isArray(subject) ? subject : subject === undefined ? [] : [subject];
    return elementsOf.filter((element) =>
      evaluate(node.expr as JexlAst, { context: scope.context, relative: element }),
    );
  }
  const index = evaluate(node.expr as JexlAst, scope);
  if (typeof index === 'boolean') return index ? subject : undefined;
  return memberOf(subject, index);
}

function objectLiteral(node: JexlAst, scope: Scope): unknown {
  const object = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(node.value as Record<string, JexlAst>))
    object[key] = evaluate(value, scope);
  return object;
}

/** jexl's evaluation, node by node as its own handlers do, but synchronous and charged one step per node. */
function evaluate(node: JexlAst, scope: Scope): unknown {
  charge();
  switch (node.type) {
    case 'Literal':
      return node.value;
    case 'Identifier':
      return identifier(node, scope);
    case 'BinaryExpression':
      return binary(node, scope);
    case 'UnaryExpression':
      return elements[String(node.operator)]!.eval!(evaluate(node.right as JexlAst, scope));
    case 'ConditionalExpression': {
      const test = evaluate(node.test as JexlAst, scope);
      if (!test) return evaluate(node.alternate as JexlAst, scope);
      return node.consequent ? evaluate(node.consequent as JexlAst, scope) : test;
    }
    case 'FilterExpression':
      return filter(node, scope);
    case 'ArrayLiteral':
      return (node.value as JexlAst[]).map((element) => evaluate(element, scope));
    case 'ObjectLiteral':
      return objectLiteral(node, scope);
    case 'FunctionCall':
      return functions[String(node.name)]!(
        ...((node.args as JexlAst[] | undefined) ?? []).map((arg) => evaluate(arg, scope)),
      );
    default:
      throw new ExpressionError(`unsupported construct ${node.type}`);
  }
}

/**
 * Evaluates a checked expression tree over `context`, synchronously, in at most `maxSteps` steps: the outcome
 * (a value, or the ExpressionError of an operator or of the step limit) depends on the expression and its inputs
 * only, never on the machine's load, and one evaluation holds the event loop for a bounded time (docs/catalog.md).
 */
export function evaluateExpression(ast: JexlAst, context: Record<string, unknown>, maxSteps?: number): unknown {
  return metered(new StepMeter(maxSteps), () => evaluate(ast, { context, relative: context }));
}
