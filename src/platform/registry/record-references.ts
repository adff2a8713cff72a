import type { Doc } from './document-paths.js';

/**
 * Where a kind's records name records of other kinds, by path: dot-separated fields, a field ending `[]` for each
 * element of its list (`productId`, `items[].productId`, `notificationDefinitionIds[]`). Each path names the kind
 * (its `name`) whose record the value is the id of.
 */
export type ReferencePaths = Record<string, string>;

/** One value a reference path finds: where it stands in the record (`items[2].productId`) and the id it names. */
export interface NamedRecord {
  at: string;
  id: string;
}

/** The ids `path` finds in `doc` (text values only: anything else is the schema's to refuse). */
export function namedRecords(doc: Doc, path: string): NamedRecord[] {
  let found: { value: unknown; at: string }[] = [{ value: doc, at: '' }];
  for (const segment of path.split('.')) {
    const list = segment.endsWith('[]');
    const field = list ? segment.slice(0, -2) : segment;
    found = found.flatMap(({ value, at }) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, field))
        return [];
      const where = at ? `${at}.${field}` : field;
      const inner = (value as Doc)[field];
      if (!list) return [{ value: inner, at: where }];
      return Array.isArray(inner) ? inner.map((element, index) => ({ value: element, at: `${where}[${index}]` })) : [];
    });
  }
  return found.flatMap(({ value, at }) => (typeof value === 'string' ? [{ at, id: value }] : []));
}

/** The references of `doc` along `path` that `before` (the stored record) does not already hold. */
export function newReferences(doc: Doc, path: string, before: Doc | undefined): NamedRecord[] {
  const held = new Set(before ? namedRecords(before, path).map((named) => named.id) : []);
  return namedRecords(doc, path).filter((named) => !held.has(named.id));
}
