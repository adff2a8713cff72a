type Doc = Record<string, unknown>;

/** Fields the server keeps: never an edit, always the stored record's. */
const SERVER_FIELDS = new Set(['id', 'createDate', 'updateDate', 'dbVersion', 'customerId']);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const isObject = (value: unknown): value is Doc => typeof value === 'object' && value !== null && !Array.isArray(value);
const isMap = (value: unknown): value is Doc => isObject(value) && Object.keys(value).length > 0;

/**
 * The record's values by field path (`features.createInvoice`, `prices.priceByCountryByCurrency.FR.EUR.value`): maps
 * are opened down to their values, lists are values whole, and an empty map is no value (as a map left out).
 */
function leaves(value: unknown, prefix: string[] = [], out = new Map<string, unknown>()): Map<string, unknown> {
  if (isObject(value))
    for (const [key, inner] of Object.entries(value)) {
      if (prefix.length === 0 && SERVER_FIELDS.has(key)) continue;
      leaves(inner, [...prefix, key], out);
    }
  else if (prefix.length > 0 && value !== undefined) out.set(prefix.join('\u0000'), value);
  return out;
}

/** How a field of a record edited from `base` compares with the record stored now (`theirs`). */
export interface FieldMerge {
  /** The field's path, dot-separated (`features.createInvoice`). */
  field: string;
  path: string[];
  base: unknown;
  mine: unknown;
  theirs: unknown;
  /** Changed by the edit only, by the other save only, or by both differently (the person chooses). */
  changedBy: 'me' | 'them' | 'both';
}

/** The fields (down to the values of nested maps) that the edit or the other save changed since `base`. */
export function fieldMerges(base: Doc, mine: Doc, theirs: Doc): FieldMerge[] {
  const [b, m, t] = [leaves(base), leaves(mine), leaves(theirs)];
  return [...new Set([...b.keys(), ...m.keys(), ...t.keys()])].sort().flatMap((key): FieldMerge[] => {
    const path = key.split('\u0000');
    const row = { field: path.join('.'), path, base: b.get(key), mine: m.get(key), theirs: t.get(key) };
    const mineChanged = !same(row.mine, row.base);
    const theirsChanged = !same(row.theirs, row.base);
    if (!mineChanged && !theirsChanged) return [];
    if (mineChanged && theirsChanged && same(row.mine, row.theirs)) return [];
    return [{ ...row, changedBy: mineChanged && theirsChanged ? 'both' : mineChanged ? 'me' : 'them' }];
  });
}

/** `doc` with the value at `path` set (or removed when undefined); maps left empty by a removal are removed too. */
function withValue(doc: Doc, [key, ...rest]: string[], value: unknown): Doc {
  if (key === undefined) return doc;
  const next: Doc = { ...doc };
  const inner = rest.length === 0 ? value : withValue(isMap(doc[key]) ? (doc[key] as Doc) : {}, rest, value);
  if (inner === undefined || (rest.length > 0 && value === undefined && !isMap(inner))) delete next[key];
  else next[key] = inner;
  return next;
}

/**
 * The record to save after someone else saved it (a 412): the stored record (`theirs`), with the fields the edit
 * changed since it was opened (`base`) set to the edit's values. A field both changed takes the edit's value unless
 * it is in `keepStored`. Fields the edit did not touch are never overwritten: they keep what was saved meanwhile.
 */
export function mergeEdit<T extends object>(
  base: Doc,
  mine: T,
  theirs: Doc,
  keepStored: ReadonlySet<string> = new Set(),
): T {
  let merged: Doc = { ...theirs };
  for (const row of fieldMerges(base, { ...(mine as object) }, theirs)) {
    const takeMine = row.changedBy === 'me' || (row.changedBy === 'both' && !keepStored.has(row.field));
    if (takeMine) merged = withValue(merged, row.path, row.mine);
  }
  return merged as T;
}
