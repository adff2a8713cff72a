/** JSON documents as records, events and deltas carry them: below the engine, so events and the engine share them. */

/** A stored document: the record as JSON, whatever its kind. */
export type Doc = Record<string, unknown>;

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => deepEqual(item, other[i]));
  }
  const ka = Object.keys(a as Doc);
  const kb = Object.keys(b as Doc);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Doc)[k], (b as Doc)[k]));
}
