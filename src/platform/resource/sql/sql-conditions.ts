import type { TenantScope } from '../../auth/principal.js';
import type { FilterValue, SortKey } from '../declare/listing.js';
import { keysMatching, type OwnerRestriction } from './filter-keys.js';

/** Collects positional parameters while a statement is assembled, so every value is bound, never spliced. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Nests `value` under `path`: (['a','b'], 1) -> {a: {b: 1}}, the shape JSONB containment needs. */
function nest(path: string[], value: unknown): unknown {
  return path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
}

export function tenantCondition(scope: TenantScope, params: SqlParams, alias = ''): string {
  if (scope.all) return 'TRUE';
  const column = alias ? `${alias}.customer_id` : 'customer_id';
  // One customer (a publisher's token) as an equality, so the owner indexes also give a page its order (by id, or
  // newest first) instead of PostgreSQL walking every owner's rows of the order's index and filtering.
  const [only, ...more] = scope.customerIds;
  const own =
    only !== undefined && more.length === 0
      ? `${column} = ${params.add(only)}`
      : `${column} = ANY(${params.add(scope.customerIds)}::text[])`;
  return scope.operatorRecords ? `(${column} IS NULL OR ${own})` : own;
}

/** The `customerId` filter: the owner column, not the document. */
export const isOwnerFilter = (filter: FilterValue) =>
  filter.path.length === 1 && filter.path[0] === 'customerId' && filter.spec.kind === 'string';

/**
 * Equality filters. `owners` undefined: the operator's unrestricted listing, where each filter is JSONB containment
 * (`doc @> {...}`) served by the table's GIN index; an array field matches when it contains any of the values.
 *
 * `restriction` given: the rows are those of its `owners` (null: operator records), read through the owner index. A
 * text or boolean filter then matches the records' filter keys (`filter-keys.ts`), whose posting lists hold one
 * customer's rows; other filters test each row's document (`doc -> 'status' @> ...`, the same containment one
 * level down) rather than the document GIN index, whose posting list for a common value is as long as the table.
 */
export function filterConditions(
  filters: FilterValue[],
  params: SqlParams,
  alias = '',
  restriction?: OwnerRestriction,
): string[] {
  const prefix = alias ? `${alias}.` : '';
  const doc = `${prefix}doc`;
  const contains = (path: string[], value: unknown) =>
    restriction
      ? `${doc} -> ${params.add(path[0])}::text @> ${params.add(JSON.stringify(nest(path.slice(1), value)))}::jsonb`
      : `${doc} @> ${params.add(JSON.stringify(nest(path, value)))}::jsonb`;
  return filters.map((filter) => {
    // The owner is a column of its own, with its own index: the tenant index serves this filter.
    if (isOwnerFilter(filter)) {
      // One customer as an equality, so the (customer_id, id) index also gives the page its order.
      if (filter.values.length === 1) return `${prefix}customer_id = ${params.add(String(filter.values[0]))}`;
      return `${prefix}customer_id = ANY(${params.add(filter.values.map(String))}::text[])`;
    }
    const keys = restriction && keysMatching(filter, restriction);
    // `IS TRUE` (the same truth: the column is never null) is no indexable condition: the planner cannot read the
    // keys' GIN index for it.
    if (keys)
      return restriction.unindexed
        ? `(${prefix}filter_keys && ${params.add(keys)}::text[]) IS TRUE`
        : `${prefix}filter_keys && ${params.add(keys)}::text[]`;
    const alternatives = filter.values.map((value) =>
      contains(filter.path, filter.spec.kind === 'string-array' ? [value] : value),
    );
    return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`;
  });
}

/**
 * RFC 3339 date-times that PostgreSQL reads faithfully as timestamptz: a calendar date with a four-digit year from
 * 1000 (it misreads `0001`, refuses `0000` and 31 February), at most 60 fractional digits (it refuses date-time text
 * past ~150 characters) and an offset within +-14:59 (it refuses larger ones). Every text it admits casts; anything
 * else sorts as unknown. New values are stricter still (`DATE_TIME_PATTERN`); this guard keeps values stored before
 * that rule from failing a sorted listing.
 */
const YEAR = '[1-9][0-9]{3}';
const LEAP_YEAR = '([1-9][0-9](0[48]|[2468][048]|[13579][26])|(1[26]|[2468][048]|[3579][26])00)';
const CALENDAR_DATE = `(${YEAR}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])|${YEAR}-(0[13-9]|1[0-2])-(29|30)|${YEAR}-(0[13578]|1[02])-31|${LEAP_YEAR}-02-29)`;
const CASTABLE_DATE_TIME = String.raw`^${CALENDAR_DATE}[Tt ]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]{1,60})?([Zz]|[+-](0[0-9]|1[0-4])(:?[0-5][0-9])?)$`;

function dateTimeSortKey(column: string): string {
  return `(CASE WHEN ${column} ~ '${CASTABLE_DATE_TIME}' THEN (${column})::timestamptz END)`;
}

const COLUMN_OF: Record<string, string> = {
  id: 'id',
  createDate: 'create_date',
  updateDate: 'update_date',
  dbVersion: 'db_version',
};

/**
 * The same values as the owner indexes' columns, as expressions no index gives in order: a page sorted by them is
 * read from its matches, never by walking an index (a page of a narrow filter, store/listing-counts.ts).
 */
const UNORDERED_COLUMN: Record<string, string> = {
  id: `(id || '')`,
  create_date: `(create_date + interval '0 s')`,
};

export function orderBy(sort: SortKey[], params: SqlParams, tableAlias = '', fromMatches = false): string {
  const prefix = tableAlias ? `${tableAlias}.` : '';
  const columnKey = (column: string, direction: string) =>
    fromMatches && UNORDERED_COLUMN[column] && !prefix
      ? `${UNORDERED_COLUMN[column]} ${direction}`
      : `${prefix}${column} ${direction}`;
  const keys = sort.map((key) => {
    const direction = key.descending ? 'DESC' : 'ASC';
    const column = key.path.length === 1 ? COLUMN_OF[key.path[0]!] : undefined;
    if (column) return columnKey(column, direction);
    const value = `${prefix}doc #> ${params.add(key.path)}::text[]`;
    // A date-time sorts by instant, then by its text (so values the cast leaves out still have an order).
    if (key.dateTime)
      return `${dateTimeSortKey(`(${prefix}doc #>> ${params.add(key.path)}::text[])`)} ${direction} NULLS LAST, ${value} ${direction} NULLS LAST`;
    return `${value} ${direction} NULLS LAST`;
  });
  // Ids are time-ordered: creation order breaks ties and keeps pages stable.
  if (!sort.some((key) => key.path.length === 1 && key.path[0] === 'id')) keys.push(columnKey('id', 'ASC'));
  return keys.join(', ');
}
