import { type Doc, deepEqual } from '../json-document.js';

function isPlainObject(value: unknown): value is Doc {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The changed fields with their new values (`delta`) and their old values (`previous`); nested objects are
 * diffed recursively, arrays and scalars compared whole. A removed field appears as null in `delta`.
 */
export function diff(before: Doc, after: Doc): { delta: Doc; previous: Doc } {
  const delta: Doc = {};
  const previous: Doc = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key];
    const b = after[key];
    if (deepEqual(a, b)) continue;
    if (isPlainObject(a) && isPlainObject(b)) {
      const inner = diff(a, b);
      delta[key] = inner.delta;
      previous[key] = inner.previous;
    } else {
      delta[key] = b === undefined ? null : b;
      previous[key] = a === undefined ? null : a;
    }
  }
  return { delta, previous };
}
