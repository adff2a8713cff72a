import type { Doc } from './document-paths.js';

/**
 * Where a kind's records name records of other kinds, by path: dot-separated fields, a field ending `[]` for each
 * element of its list, `{}` for each value of its map (`items[].productId`, `notificationDefinitionIds[]`,
 * `byProductIds{}[]`). Each path names the kind (its `name`) whose record the value is the id of.
 */
export type ReferencePaths = Record<string, string>;

/** One value a reference path finds: where it stands in the record (`items[2].productId`) and the id it names. */
export interface NamedRecord {
  at: string;
  id: string;
}

interface Step {
  field: string;
  /** After reading the field: `[]` each element of a list, `{}` each value of a map, in order. */
  spread: ('[]' | '{}')[];
}

function stepsOf(path: string): Step[] {
  return path.split('.').map((segment) => {
    const field = segment.replace(/(\[\]|\{\})+$/, '');
    return { field, spread: (segment.slice(field.length).match(/\[\]|\{\}/g) ?? []) as Step['spread'] };
  });
}

function spread(value: unknown, at: string, kinds: Step['spread']): { value: unknown; at: string }[] {
  if (kinds.length === 0) return [{ value, at }];
  const [kind, ...rest] = kinds;
  if (kind === '[]') return Array.isArray(value) ? value.flatMap((element, index) => spread(element, `${at}[${index}]`, rest)) : [];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, element]) => spread(element, `${at}.${key}`, rest));
}

/** The ids `path` finds in `doc` (text values only: anything else is the schema's to refuse). */
export function namedRecords(doc: Doc, path: string): NamedRecord[] {
  let found: { value: unknown; at: string }[] = [{ value: doc, at: '' }];
  for (const { field, spread: kinds } of stepsOf(path)) {
    found = found.flatMap(({ value, at }) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, field)) return [];
      return spread((value as Doc)[field], at ? `${at}.${field}` : field, kinds);
    });
  }
  return found.flatMap(({ value, at }) => (typeof value === 'string' ? [{ at, id: value }] : []));
}

/** The references of `doc` along `path` that `before` (the stored record) does not already hold. */
export function newReferences(doc: Doc, path: string, before: Doc | undefined): NamedRecord[] {
  const held = new Set(before ? namedRecords(before, path).map((named) => named.id) : []);
  return namedRecords(doc, path).filter((named) => !held.has(named.id));
}
