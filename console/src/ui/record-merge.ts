type Doc = Record<string, unknown>;

/** Fields the server keeps: never an edit, always the stored record's. */
const SERVER_FIELDS = new Set(['id', 'createDate', 'updateDate', 'dbVersion', 'customerId']);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** How a field of a record edited from `base` compares with the record stored now (`theirs`). */
export interface FieldMerge {
  field: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
  /** Changed by the edit only, by the other save only, or by both differently (the person chooses). */
  changedBy: 'me' | 'them' | 'both';
}

/** The top-level fields that the edit or the other save changed since `base`. */
export function fieldMerges(base: Doc, mine: Doc, theirs: Doc): FieldMerge[] {
  const names = new Set([...Object.keys(base), ...Object.keys(mine), ...Object.keys(theirs)]);
  return [...names]
    .filter((field) => !SERVER_FIELDS.has(field))
    .sort()
    .flatMap((field): FieldMerge[] => {
      const row = { field, base: base[field], mine: mine[field], theirs: theirs[field] };
      const mineChanged = !same(row.mine, row.base);
      const theirsChanged = !same(row.theirs, row.base);
      if (!mineChanged && !theirsChanged) return [];
      if (mineChanged && theirsChanged && same(row.mine, row.theirs)) return [];
      return [{ ...row, changedBy: mineChanged && theirsChanged ? 'both' : mineChanged ? 'me' : 'them' }];
    });
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
  const merged: Doc = { ...theirs };
  for (const row of fieldMerges(base, { ...(mine as object) }, theirs)) {
    const takeMine = row.changedBy === 'me' || (row.changedBy === 'both' && !keepStored.has(row.field));
    if (!takeMine) continue;
    if (row.mine === undefined) delete merged[row.field];
    else merged[row.field] = row.mine;
  }
  return merged as T;
}
