import { ValidationError } from '../../errors/domain-errors.js';
import type { FilterSpec } from '../declare/kind.js';
import type { FilterValue, ListingQuery, ListingSource, SortKey } from '../declare/listing.js';
import {
  isArraySchema,
  isScalarSchema,
  type JsonSchemaNode,
  schemaAt,
  schemaNodeOf,
  splitPath,
} from '../document/document-paths.js';
import { wordQuery } from '../document/search-words.js';
import { isStorableText, UNSTORABLE_RULE } from '../document/storable-text.js';

export const MAX_PAGE_SIZE = 500;
/** The highest page index a listing accepts (bounds the OFFSET a request can ask for). */
export const MAX_PAGE_INDEX = 1_000_000;
/**
 * Bounds on repeatable parameters: each sort key, filter value and target becomes SQL (a sort expression, a bound
 * parameter), so an unbounded list reaches PostgreSQL's limits (a 500) instead of a 400.
 */
export const MAX_SORT_KEYS = 10;
export const MAX_TARGETS = 100;
export const MAX_FILTER_VALUES = 100;
/** A filter value longer than any filterable field (URLs, 2048) can match nothing; longer is refused. */
export const MAX_FILTER_VALUE_LENGTH = 4096;

function atMost<T>(items: T[], max: number, parameter: string, what: string): T[] {
  if (items.length > max)
    throw new ValidationError(`querystring.${parameter} may name at most ${max} ${what}, not ${items.length}`);
  return items;
}

/** Query parameters that are not filters. */
const LISTING_PARAMETERS = ['page', 'size', 'sort', 'target', 'pageable', 'predicate'] as const;

function asList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function parseJsonParameter(name: string, value: unknown): Record<string, unknown> {
  if (value === undefined || value === '') return {};
  if (typeof value !== 'string') throw new ValidationError(`querystring.${name} must be a JSON object`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ValidationError(`querystring.${name} must be a JSON-encoded object, e.g. ${name}={"page":0}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ValidationError(`querystring.${name} must be a JSON object`);
  return parsed as Record<string, unknown>;
}

function wholeNumber(name: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  // A number, or its text (flat parameters); `true` or `[3]` in `pageable` are not page numbers.
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isInteger(number)) throw new ValidationError(`querystring.${name} must be a whole number`);
  if (number < min) throw new ValidationError(`querystring.${name} must be at least ${min}`);
  if (number > max) throw new ValidationError(`querystring.${name} must be at most ${max}`);
  return number;
}

/** Turns one filter value into the JSON value stored in records, by the filter's kind. */
export function coerceFilterValue(name: string, spec: FilterSpec, raw: unknown): unknown[] {
  const items = asList(raw).flatMap((item) =>
    spec.kind === 'string-array' && typeof item === 'string' ? item.split(',') : [item],
  );
  atMost(items, MAX_FILTER_VALUES, name, 'values');
  return items.map((item) => {
    switch (spec.kind) {
      case 'boolean':
        if (item === true || item === 'true') return true;
        if (item === false || item === 'false') return false;
        throw new ValidationError(`querystring.${name} must be true or false`);
      case 'integer':
      case 'number': {
        const number = typeof item === 'number' ? item : Number(item);
        if (
          typeof item === 'boolean' ||
          item === '' ||
          !Number.isFinite(number) ||
          (spec.kind === 'integer' && !Number.isInteger(number))
        ) {
          throw new ValidationError(
            `querystring.${name} must be ${spec.kind === 'integer' ? 'a whole number' : 'a number'}`,
          );
        }
        return number;
      }
      default:
        if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean')
          throw new ValidationError(`querystring.${name} must be a string`);
        if (typeof item === 'string' && !isStorableText(item))
          throw new ValidationError(`querystring.${name} ${UNSTORABLE_RULE}`);
        if (typeof item === 'string' && item.length > MAX_FILTER_VALUE_LENGTH)
          throw new ValidationError(`querystring.${name} must be at most ${MAX_FILTER_VALUE_LENGTH} characters`);
        return String(item).trim();
    }
  });
}

function checkFieldPath(
  definition: Pick<ListingSource, 'schema' | 'displayName'>,
  parameter: string,
  field: string,
  accept: (node: JsonSchemaNode | undefined) => boolean,
  what: string,
): string[] {
  const path = splitPath(field);
  const node = schemaAt(schemaNodeOf(definition.schema), path);
  if (!node)
    throw new ValidationError(
      `querystring.${parameter} names an unknown field "${field}" of ${definition.displayName}`,
    );
  if (!accept(node)) throw new ValidationError(`querystring.${parameter} field "${field}" ${what}`);
  return path;
}

export function parseSort(definition: ListingSource, raw: unknown): SortKey[] {
  const entries = asList(raw).flatMap((entry) => {
    if (typeof entry !== 'string') throw new ValidationError('querystring.sort must be "field,asc" or "field,desc"');
    // `sort=a,desc,b,asc` or `sort=a,desc&sort=b`: read fields with an optional direction after each.
    const parts = entry
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const keys: SortKey[] = [];
    for (const part of parts) {
      const lower = part.toLowerCase();
      if (lower === 'asc' || lower === 'desc') {
        const last = keys[keys.length - 1];
        if (!last) throw new ValidationError('querystring.sort must start with a field name');
        last.descending = lower === 'desc';
      } else {
        const path = checkFieldPath(
          definition,
          'sort',
          part,
          isScalarSchema,
          'cannot be sorted on (not a scalar field)',
        );
        const dateTime = schemaAt(schemaNodeOf(definition.schema), path)?.format === 'date-time';
        keys.push({ path, descending: false, ...(dateTime ? { dateTime } : {}) });
      }
    }
    return keys;
  });
  // A field sorted on again cannot change the order: only its first mention counts.
  const seen = new Set<string>();
  const distinct = entries.filter((key) => {
    const field = key.path.join('.');
    if (seen.has(field)) return false;
    seen.add(field);
    return true;
  });
  return atMost(distinct, MAX_SORT_KEYS, 'sort', 'sort keys');
}

export function parseTargets(definition: Pick<ListingSource, 'schema' | 'displayName'>, raw: unknown): string[][] {
  const fields = asList(raw)
    .flatMap((entry) => String(entry).split(','))
    .map((field) => field.trim())
    .filter(Boolean);
  return atMost(fields, MAX_TARGETS, 'target', 'fields').map((field) =>
    checkFieldPath(definition, 'target', field, () => true, ''),
  );
}

/** The one field that `recap` and `unwind` work on. */
export function singleTarget(definition: ListingSource, raw: unknown): string[] {
  const targets = parseTargets(definition, raw);
  if (targets.length !== 1) throw new ValidationError('querystring.target is required and must name exactly one field');
  return targets[0]!;
}

/** The field `recap` counts values of: a scalar or an array (each element counts), not an object or map. */
export function recapTarget(definition: ListingSource, raw: unknown): string[] {
  const path = singleTarget(definition, raw);
  if (schemaAt(schemaNodeOf(definition.schema), path)?.type === 'object') {
    throw new ValidationError(
      `querystring.target field "${path.join('.')}" is an object; recap counts values of a scalar or array field`,
    );
  }
  return path;
}

export function arrayTarget(definition: ListingSource, raw: unknown): string[] {
  const path = singleTarget(definition, raw);
  if (!isArraySchema(schemaAt(schemaNodeOf(definition.schema), path))) {
    throw new ValidationError(`querystring.target field "${path.join('.')}" is not an array field; unwind needs one`);
  }
  return path;
}

/**
 * Reads a listing request in either form: flat (`?page=0&size=20&status=RUNNING`) or JSON objects
 * (`?pageable={"page":0,"size":20,"sort":["startDate,desc"]}&predicate={"status":"RUNNING"}`); flat values win.
 */
export function parseListingQuery(definition: ListingSource, query: Record<string, unknown>): ListingQuery {
  const pageable = parseJsonParameter('pageable', query.pageable);
  const predicate = parseJsonParameter('predicate', query.predicate);
  const merged: Record<string, unknown> = { ...predicate };
  const wordsParam = definition.words?.param;
  for (const [key, value] of Object.entries(query)) {
    if (!(LISTING_PARAMETERS as readonly string[]).includes(key) && key !== wordsParam) merged[key] = value;
  }
  if (wordsParam !== undefined && typeof query[wordsParam] === 'string' && !isStorableText(query[wordsParam]))
    throw new ValidationError(`querystring.${wordsParam} ${UNSTORABLE_RULE}`);
  const words = wordsParam === undefined ? undefined : wordQuery(wordsParam, query[wordsParam]);
  const filters: FilterValue[] = [];
  for (const [name, value] of Object.entries(merged)) {
    // Own properties only: `constructor` or `__proto__` are not filters.
    const spec = Object.hasOwn(definition.filters, name) ? definition.filters[name] : undefined;
    if (!spec)
      throw new ValidationError(
        `"${name}" is not a filter of ${definition.displayName}; filters: ${Object.keys(definition.filters).join(', ') || 'none'}`,
      );
    const values = coerceFilterValue(name, spec, value);
    if (values.length > 0) filters.push({ path: splitPath(spec.path ?? name), spec, values });
  }
  const sortRaw = query.sort ?? pageable.sort;
  const sort = parseSort(definition, sortRaw);
  const newestFirst = definition.newestFirst && sort.length === 0 && words === undefined;
  return {
    page: wholeNumber('page', query.page ?? pageable.page, 0, 0, MAX_PAGE_INDEX),
    size: wholeNumber('size', query.size ?? pageable.size, definition.defaultPageSize, 1, MAX_PAGE_SIZE),
    sort: newestFirst ? [{ path: ['id'], descending: true }] : sort,
    filters,
    targets: parseTargets(definition, query.target),
    ...(words === undefined ? {} : { words }),
  };
}
