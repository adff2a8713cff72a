import { createHash } from 'node:crypto';
import type { FilterKind, FilterSpec } from '../declare/kind.js';
import type { FilterValue } from '../declare/listing.js';
import type { Doc } from '../declare/record.js';
import { getPath, splitPath } from '../document/document-paths.js';

/**
 * Filter keys: one text per (owner, filter, value) of a record, kept in its `filter_keys` column under a GIN index.
 * A listing restricted to customers (every tenant's listing) matches its equality filters against these keys, so
 * "customer X's ENABLED products sold in store Y" is the intersection of short posting lists — counting a page's
 * total no longer reads and decompresses every document of the customer. The owner is part of each key because a
 * value alone ("ENABLED") is common to most of a table and would make long posting lists.
 *
 * Keys mirror JSONB containment: a string or boolean at the filter's path (through objects only, as `doc @> {...}`
 * does), or each string of an array field. Numbers stay per-row tests: JSONB compares them exactly, and their
 * JavaScript text (`1` for `1.0`, rounded doubles) would not.
 */
export const isKeyedFilter = (spec: FilterSpec) =>
  spec.kind === 'string' || spec.kind === 'string-array' || spec.kind === 'boolean';

/** The owner filter is the `customer_id` column, never a key. */
const isOwnerSpec = (name: string, spec: FilterSpec) => (spec.path ?? name) === 'customerId' && spec.kind === 'string';

/** A listing matching more keys than this per filter (owners x values) tests the documents instead. */
export const MAX_KEYS_PER_FILTER = 200;
/** Longer keys (in UTF-8 bytes) are stored as their hash: a GIN entry must fit in a third of a page, and a filter value may be 4 KB. */
const MAX_KEY_BYTES = 160;

export type KeyedValue = string | boolean;

export function filterKey(owner: string | null, field: string, value: KeyedValue): string {
  const text = `${owner ?? ''}\u001f${field}\u001f${typeof value === 'boolean' ? `b:${value}` : `s:${value}`}`;
  // A hashed key has no separator, so it never equals a short one.
  return Buffer.byteLength(text, 'utf8') <= MAX_KEY_BYTES
    ? text
    : `#${createHash('sha256').update(text, 'utf8').digest('base64url')}`;
}

type KeyedFilter = { field: string; path: string[]; spec: FilterSpec };
/** Each declaration's keyed filters, made once: every record written asks for them (a bulk import, per row). */
const keyedOf = new WeakMap<Record<string, FilterSpec>, readonly KeyedFilter[]>();

/** The declared filters that have keys, with their field path (dotted, and split). */
export function keyedFilters(filters: Record<string, FilterSpec>): readonly KeyedFilter[] {
  let keyed = keyedOf.get(filters);
  if (!keyed) {
    keyed = Object.entries(filters)
      .filter(([name, spec]) => isKeyedFilter(spec) && !isOwnerSpec(name, spec))
      .map(([name, spec]) => {
        const path = splitPath(spec.path ?? name);
        return { field: path.join('.'), path, spec };
      });
    keyedOf.set(filters, keyed);
  }
  return keyed;
}

/** The values a filter of `spec` matches in a record: what `doc @> {path: value}` would be true for. */
function matchedValues(spec: FilterSpec, value: unknown): KeyedValue[] {
  if (spec.kind === 'boolean') return typeof value === 'boolean' ? [value] : [];
  if (spec.kind === 'string-array')
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  return typeof value === 'string' ? [value] : [];
}

/** Every key of a record of `owner`, without repeats. */
export function filterKeysOf(filters: Record<string, FilterSpec>, owner: string | null, doc: Doc): string[] {
  const keys = new Set<string>();
  for (const { field, path, spec } of keyedFilters(filters)) {
    for (const value of matchedValues(spec, getPath(doc, path))) keys.add(filterKey(owner, field, value));
  }
  return [...keys];
}

/** A listing restricted to the rows of `owners` (null: operator records) of a kind whose `keyed` fields have keys. */
export interface OwnerRestriction {
  owners: (string | null)[];
  keyed: ReadonlyMap<string, FilterKind>;
  /** The keys are tested row by row, never through their GIN index (a page that walks the owner's index). */
  unindexed?: true;
}

/** The kind of each keyed field of a kind, by dot path. */
export function keyedFieldKinds(filters: Record<string, FilterSpec>): ReadonlyMap<string, FilterKind> {
  return new Map(keyedFilters(filters).map(({ field, spec }) => [field, spec.kind]));
}

/**
 * The keys any of which a matching record holds, or undefined when the filter is tested on the documents instead:
 * a field the kind keeps no keys of (a view's own filter) or keeps as another kind, a value of another type (a
 * number sent for a text filter), or too many keys.
 */
export function keysMatching(filter: FilterValue, { owners, keyed }: OwnerRestriction): string[] | undefined {
  const field = filter.path.join('.');
  if (keyed.get(field) !== filter.spec.kind || owners.length * filter.values.length > MAX_KEYS_PER_FILTER)
    return undefined;
  const expected = filter.spec.kind === 'boolean' ? 'boolean' : 'string';
  if (!filter.values.every((value) => typeof value === expected)) return undefined;
  return owners.flatMap((owner) => filter.values.map((value) => filterKey(owner, field, value as KeyedValue)));
}

/** Changes when the keys a kind's declarations produce change, so stored keys are recomputed once. */
export function filterKeysSignature(filters: Record<string, FilterSpec>): string {
  const declared = keyedFilters(filters).map(({ field, spec }) => `${field}:${spec.kind}`);
  return createHash('sha256')
    .update(`v2|${declared.sort().join('|')}`)
    .digest('hex')
    .slice(0, 32);
}

/** `filterKey` in SQL, over a text expression `owner␟field␟value`: the same text, or the same hash when it is long. */
function keySql(text: string): string {
  return `(SELECT CASE WHEN octet_length(k) <= ${MAX_KEY_BYTES} THEN k ELSE '#' || rtrim(translate(encode(sha256(convert_to(k, 'UTF8')), 'base64'), '+/', '-_'), '=') END FROM (SELECT ${text} AS k) AS key_text)`;
}

/**
 * Every key of a record, computed by PostgreSQL from the document expression `doc` (the new document of an UPDATE
 * that changes it in SQL) and the owner expression `owner`, as `filterKeysOf` computes them: a statement that writes
 * a kind's documents without the engine keeps its keys with `filter_keys = ${filterKeysSql(...)}`. Field names come
 * from declarations, never from input.
 */
export function filterKeysSql(filters: Record<string, FilterSpec>, doc: string, owner: string): string {
  const parts = keyedFilters(filters).map(({ field, spec }) => {
    const path = `'{${splitPath(field).join(',')}}'`;
    const prefix = `coalesce(${owner}, '') || chr(31) || '${field}' || chr(31)`;
    if (spec.kind === 'boolean')
      return `SELECT ${keySql(`${prefix} || 'b:' || (${doc} #>> ${path})`)} WHERE jsonb_typeof(${doc} #> ${path}) = 'boolean'`;
    if (spec.kind === 'string-array') {
      return `SELECT ${keySql(`${prefix} || 's:' || (e #>> '{}')`)} FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${doc} #> ${path}) = 'array' THEN ${doc} #> ${path} ELSE '[]' END) AS e WHERE jsonb_typeof(e) = 'string'`;
    }
    return `SELECT ${keySql(`${prefix} || 's:' || (${doc} #>> ${path})`)} WHERE jsonb_typeof(${doc} #> ${path}) = 'string'`;
  });
  if (parts.length === 0) return `'{}'::text[]`;
  return `ARRAY(SELECT DISTINCT key FROM (${parts.map((part) => `(${part})`).join(' UNION ALL ')}) AS keys(key))`;
}
