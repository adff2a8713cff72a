import { ExpressionError } from './expression-errors.js';

/** Inputs deeper or larger than this are refused: an expression's work is bounded by its inputs. */
const MAX_DEPTH = 20;
const MAX_NODES = 10_000;

/**
 * A copy of JSON data whose objects have no prototype, so an expression reading a member reaches only the data
 * (never `constructor` or `__proto__`); arrays stay arrays (jexl filters need them) and their members are checked by name.
 */
export function plainCopy(value: unknown): unknown {
  let nodes = 0;
  const copy = (item: unknown, depth: number): unknown => {
    nodes += 1;
    if (nodes > MAX_NODES || depth > MAX_DEPTH)
      throw new ExpressionError(`the inputs are larger than ${MAX_NODES} values or deeper than ${MAX_DEPTH} levels`);
    if (item === null || typeof item !== 'object') return typeof item === 'function' ? undefined : item;
    if (Array.isArray(item)) return item.map((element) => copy(element, depth + 1));
    const out = Object.create(null) as Record<string, unknown>;
    for (const [key, element] of Object.entries(item)) out[key] = copy(element, depth + 1);
    return out;
  };
  return copy(value, 0);
}
