import type { TenantScope } from '../../auth/principal.js';
import { changeWrites } from '../../events/change-writes.js';
import type { AnyResourceKind } from '../declare/kind.js';
import type { ListingQuery } from '../declare/listing.js';
import type { Doc } from '../declare/record.js';
import type { MapAt } from '../declare/record-store.js';
import { searchPieces } from '../document/search-text.js';
import { filterKeysOf, filterKeysSql, keyedFieldKinds, keysMatching, type OwnerRestriction } from './filter-keys.js';
import { tierExpression } from './rank-tiers.js';
import { filterConditions, isOwnerFilter, orderBy, SqlParams, tenantCondition } from './sql-conditions.js';
import { uniqueExpression } from './storage-objects.js';

/**
 * The SQL of every generic operation, built without running it (the snapshot script writes these out). `table`
 * comes from a definition, never from input; every value is a bound parameter.
 */
export interface Statement {
  text: string;
  values: unknown[];
  /** Its text depends only on the kind and the tenant rule's shape, never on a request's filters: it may be prepared. */
  prepare?: true;
}

/** What the statements read of a kind's declaration. */
export type Kind = Pick<AnyResourceKind, 'table' | 'key' | 'search' | 'filters' | 'words' | 'history'>;

const statement = (text: string, params: SqlParams): Statement => ({ text, values: params.values });
/** A statement of fixed shape (reads by id, listings whose filters code chose): see `Statement.prepare`. */
const fixedStatement = (text: string, params: SqlParams): Statement => ({ text, values: params.values, prepare: true });

/**
 * How a page of one owner's records filtered by keys is read, in an order an owner index gives (store/listing-counts.ts
 * chooses). `keys`: the filter keys' GIN index finds every match and the page is sorted from them (the order is
 * written as expressions no index gives), right for narrow filters. `walk`: the keys are tested row by row (the GIN
 * index hidden from the planner), so the page walks the owner's index in its order and stops at its last row, right
 * for broad filters. `planner`: PostgreSQL chooses, for every other listing. It misjudges keyed filters both ways:
 * it multiplies the owner's selectivity with the keys' (which already hold the owner), and it walked a large
 * customer's 100,000 rows (0.9 s) for the 4 variants of 20 parents.
 */
export type PagePlan = 'planner' | 'keys' | 'walk';

function whereClause(
  kind: Kind,
  query: Pick<ListingQuery, 'filters' | 'words'>,
  scope: TenantScope,
  params: SqlParams,
  alias = '',
  plan: PagePlan = 'planner',
): string {
  const conditions = filterWhere(kind, query, scope, params, alias, plan);
  // The words' GIN index finds the matches; the tenant and filter conditions narrow them.
  return query.words === undefined
    ? conditions
    : `${alias && `${alias}.`}words @@ ${params.add(query.words)}::tsquery AND ${conditions}`;
}

/** Without `sort`, a word search answers the best matches first (its rank tiers, sql/rank-tiers.ts), then the newest. */
function listingOrder(
  query: Pick<ListingQuery, 'sort' | 'words'>,
  params: SqlParams,
  alias = '',
  plan: PagePlan = 'planner',
): string {
  if (!ranked(query)) return orderBy(query.sort, params, alias, plan === 'keys');
  const prefix = alias && `${alias}.`;
  return `${tierExpression(query.words, params, prefix)}, ${prefix}id DESC`;
}

/** A word search without `sort`: its matches come best first. */
export const ranked = (
  query: Pick<ListingQuery, 'sort' | 'words'>,
): query is Pick<ListingQuery, 'sort'> & { words: string } => query.words !== undefined && query.sort.length === 0;

/**
 * The owners (null: operator records) whose rows a listing reads, or undefined for the operator's listing across
 * every owner: the tenant rule and a `customerId` filter, as `filterWhere` applies them.
 */
export function listingOwners(query: Pick<ListingQuery, 'filters'>, scope: TenantScope): (string | null)[] | undefined {
  const owner = query.filters.find(isOwnerFilter);
  if (!owner) {
    if (scope.all) return undefined;
    return scope.operatorRecords ? [...scope.customerIds, null] : [...scope.customerIds];
  }
  const named = owner.values.map(String);
  return scope.all ? named : named.filter((id) => scope.customerIds.includes(id));
}

/** Whether a listing matches filter keys (a text or boolean filter on rows of given owners): a page plan is chosen. */
export function matchesKeys(kind: Kind, query: Pick<ListingQuery, 'filters'>, scope: TenantScope): boolean {
  const owners = listingOwners(query, scope);
  if (owners === undefined) return false;
  const restriction = { owners, keyed: keyedFieldKinds(kind.filters) };
  return query.filters.some((filter) => !isOwnerFilter(filter) && keysMatching(filter, restriction) !== undefined);
}

function filterWhere(
  kind: Kind,
  query: Pick<ListingQuery, 'filters'>,
  scope: TenantScope,
  params: SqlParams,
  alias = '',
  plan: PagePlan = 'planner',
): string {
  const owner = query.filters.find(isOwnerFilter);
  const restrictedTo = (owners: (string | null)[]): OwnerRestriction => ({
    owners,
    keyed: keyedFieldKinds(kind.filters),
    ...(plan === 'walk' ? { unindexed: true as const } : {}),
  });
  // Rows of given customers are read through the owner index; only the operator's unrestricted listings use the GIN index.
  if (!owner) {
    const restriction = scope.all
      ? undefined
      : restrictedTo(scope.operatorRecords ? [...scope.customerIds, null] : [...scope.customerIds]);
    return [tenantCondition(scope, params, alias), ...filterConditions(query.filters, params, alias, restriction)].join(
      ' AND ',
    );
  }
  if (scope.all)
    return filterConditions(query.filters, params, alias, restrictedTo(owner.values.map(String))).join(' AND ');
  // A customerId filter kept to the tenant's own customers says all the tenant rule says (operator records have no
  // owner, so it never matches them). Without the rule's OR, one customer's page is read in index order.
  const allowed = owner.values.map(String).filter((id) => scope.customerIds.includes(id));
  if (allowed.length === 0) return 'FALSE';
  return filterConditions(
    query.filters.map((filter) => (filter === owner ? { ...filter, values: allowed } : filter)),
    params,
    alias,
    restrictedTo(allowed),
  ).join(' AND ');
}

/**
 * The record whose key field has `value`: by id, or by another field. A key unique per customer can match one record
 * of each customer the caller sees: the caller's own side comes first (a tenant's records before the operator's, the
 * operator's before customers'), then the first created.
 */
export function findByKey(kind: Kind, value: string, scope: TenantScope, forUpdate = false): Statement {
  const params = new SqlParams();
  const lock = forUpdate ? ' FOR UPDATE' : '';
  if (kind.key.field === 'id') {
    return fixedStatement(
      `SELECT doc, db_version, customer_id FROM ${kind.table} WHERE id = ${params.add(value)} AND ${tenantCondition(scope, params)}${lock}`,
      params,
    );
  }
  const match = params.add(JSON.stringify({ [kind.key.field]: value }));
  const ownFirst = scope.all ? 'customer_id IS NOT NULL' : 'customer_id IS NULL';
  return statement(
    `SELECT doc, db_version, customer_id FROM ${kind.table} WHERE doc @> ${match}::jsonb AND ${tenantCondition(scope, params)} ORDER BY ${ownFirst}, id LIMIT 1${lock}`,
    params,
  );
}

/**
 * The visible records among `ids` (primary-key lookups), in no particular order; `forUpdate` locks them, in id order
 * (two writers locking overlapping sets never wait on each other in a circle).
 */
export function findByIds(kind: Kind, ids: string[], scope: TenantScope, forUpdate = false): Statement {
  const params = new SqlParams();
  const lock = forUpdate ? ' ORDER BY id FOR UPDATE' : '';
  return fixedStatement(
    `SELECT doc, db_version, customer_id FROM ${kind.table} WHERE id = ANY(${params.add(ids)}::text[]) AND ${tenantCondition(scope, params)}${lock}`,
    params,
  );
}

/**
 * The ids of the visible records whose declared unique key (`customerId` and `field`) is `owner` ('' for the
 * operator's) and one of `values`, with the value: an equality on the key's unique index, whatever the number of
 * records the owner holds (a filter on the owner would read them all).
 */
export function idsByUniqueKey(
  kind: Kind,
  field: string,
  owner: string,
  values: string[],
  scope: TenantScope,
): Statement {
  const params = new SqlParams();
  const value = uniqueExpression(field).expression;
  return fixedStatement(
    `SELECT id, ${value} AS value FROM ${kind.table} WHERE ${uniqueExpression('customerId').expression} = ${params.add(owner)} AND ${value} = ANY(${params.add(values)}::text[]) AND ${tenantCondition(scope, params)}`,
    params,
  );
}

/**
 * What identifies one version of a row: every write makes a new tuple, with the writing transaction's id (`xmin`) at
 * a place (`ctid`) no live tuple holds; two writes of one transaction differ by place. Stored nowhere, costs nothing.
 */
const rowVersion = (alias = '') => `${alias && `${alias}.`}xmin::text || ${alias && `${alias}.`}ctid::text`;

/**
 * `findByIds` for a kind whose documents are cached (document-cache.ts): `known[i]` is the row version of the copy
 * the caller holds of `ids[i]` ('' for none); a row still at that version comes without its document, so only
 * documents that changed travel.
 */
export function findCurrentByIds(kind: Kind, ids: string[], scope: TenantScope, known: string[]): Statement {
  const params = new SqlParams();
  const wanted = `unnest(${params.add(ids)}::text[], ${params.add(known)}::text[]) AS wanted (id, known)`;
  const current = `wanted.known = ${rowVersion('r')}`;
  return fixedStatement(
    `SELECT r.id, ${rowVersion('r')} AS row_version, r.db_version, r.customer_id, CASE WHEN ${current} THEN NULL ELSE r.doc END AS doc, CASE WHEN ${current} THEN NULL ELSE pg_column_size(r.doc) END AS doc_size FROM ${wanted} JOIN ${kind.table} r ON r.id = wanted.id WHERE ${tenantCondition(scope, params, 'r')}`,
    params,
  );
}

/** `setweight(to_tsvector(config, text), weight) || ...` of the record's searchable texts. */
function searchVector(kind: Kind, doc: Doc, params: SqlParams): string {
  const pieces = searchPieces(doc, kind.search!.fields);
  if (pieces.length === 0) return `''::tsvector`;
  return pieces
    .map(
      (piece) =>
        `setweight(to_tsvector(${params.add(piece.config)}::regconfig, ${params.add(piece.text)}), '${piece.weight}')`,
    )
    .join(' || ');
}

export interface RowWrite {
  id: string;
  doc: Doc;
  dbVersion: number;
  customerId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The record's words (a tsvector literal), for a kind with word search. */
  words?: string;
}

/**
 * The columns the engine writes in every kind's table, with their SQL types, in the order of its inserts (the storage
 * of storage-objects.ts, written into migrations, creates them; a kind with search has `search` besides). A statement that writes a
 * kind's rows without the engine (a job's batch insert) takes its column list and values from here.
 */
export const RECORD_COLUMNS = {
  id: 'text',
  customer_id: 'text',
  db_version: 'integer',
  create_date: 'timestamptz',
  update_date: 'timestamptz',
  doc: 'jsonb',
  filter_keys: 'text[]',
} as const;

export type RecordColumn = keyof typeof RECORD_COLUMNS;

/**
 * One row's values of `RECORD_COLUMNS`, as JSON (for `jsonb_to_recordset`), its filter keys computed as the engine's
 * insert computes them. A kind with search keeps a search vector only the engine's statements compute.
 */
export function recordColumnValues(kind: Kind, row: RowWrite): Record<RecordColumn, unknown> {
  if (kind.search || kind.words)
    throw new Error(`kind of table ${kind.table} declares search: only the engine's statements write its rows`);
  return columnValues(kind, row);
}

function columnValues(kind: Kind, row: RowWrite): Record<RecordColumn, unknown> {
  return {
    id: row.id,
    customer_id: row.customerId,
    db_version: row.dbVersion,
    create_date: row.createdAt.toISOString(),
    update_date: row.updatedAt.toISOString(),
    doc: row.doc,
    filter_keys: filterKeysOf(kind.filters, row.customerId, row.doc),
  };
}

/**
 * The SET list of a statement that computes a record's new document in SQL (a job's UPDATE): the document, its
 * version and update date, and the filter keys the engine keeps beside it, computed by PostgreSQL from the same
 * document expression. Expressions come from code, never from input.
 */
export function documentAssignments(
  kind: Kind,
  set: { doc: string; dbVersion: string; updateDate: string; owner: string },
): string {
  if (kind.search || kind.words)
    throw new Error(`kind of table ${kind.table} declares search: only the engine's statements write its documents`);
  return `db_version = ${set.dbVersion}, update_date = ${set.updateDate},
       doc = ${set.doc},
       filter_keys = ${filterKeysSql(kind.filters, set.doc, set.owner)}`;
}

export function insertRecord(kind: Kind, row: RowWrite): Statement {
  const params = new SqlParams();
  const columns: string[] = Object.keys(RECORD_COLUMNS);
  const values = [
    params.add(row.id),
    params.add(row.customerId),
    params.add(row.dbVersion),
    params.add(row.createdAt),
    params.add(row.updatedAt),
    `${params.add(JSON.stringify(row.doc))}::jsonb`,
    `${params.add(filterKeysOf(kind.filters, row.customerId, row.doc))}::text[]`,
  ];
  if (kind.search) {
    columns.push('search');
    values.push(searchVector(kind, row.doc, params));
  }
  if (kind.words) {
    columns.push('words');
    values.push(`${params.add(row.words ?? '')}::tsvector`);
  }
  return statement(`INSERT INTO ${kind.table} (${columns.join(', ')}) VALUES (${values.join(', ')})`, params);
}

/**
 * Many new rows in one statement (a bulk import's batch): each row's columns computed as `insertRecord` computes
 * them, read from one JSON parameter. A row whose id or declared unique key is taken is skipped, not an error: the
 * statement answers the ids it stored and the caller decides what a skipped row means. A kind with `history` gets
 * each row's first version from the same statement, the document parsed once (a second statement with the documents
 * again cost the database about a sixth more per row), only when every row was stored: a batch with a skipped row
 * writes no version, and the caller removes its records (`deleteRecords`). `changes` (`changeRows`' JSON; none
 * for a bench's seeding): the batch's events and activity entries, written by the same statement on the same condition: a second statement
 * cost each batch a round trip, which waited for the service's event loop (busy preparing the next batch) before
 * it was sent. Not for kinds with `search` (their vectors are computed by PostgreSQL per piece, in `insertRecord`).
 */
export function insertRecords(kind: Kind, rows: RowWrite[], changes?: string): Statement {
  if (kind.search) throw new Error(`kind of table ${kind.table} declares search: its rows are inserted one at a time`);
  const params = new SqlParams();
  const json = rows.map((row) => ({ ...columnValues(kind, row), words: row.words ?? '' }));
  const columns = Object.keys(RECORD_COLUMNS);
  const types = Object.entries(RECORD_COLUMNS).map(([column, type]) => `${column} ${type}`);
  const selected = [...columns];
  if (kind.words) {
    columns.push('words');
    selected.push('words::tsvector');
    types.push('words text');
  }
  const rowsOf = `jsonb_to_recordset(${params.add(JSON.stringify(json))}::jsonb) AS r(${types.join(', ')})`;
  const insert = (from: string) => `INSERT INTO ${kind.table} (${columns.join(', ')})
     SELECT ${selected.join(', ')} FROM ${from}
     ON CONFLICT DO NOTHING RETURNING id`;
  if (!kind.history && changes === undefined) return statement(insert(rowsOf), params);
  const allStored = '(SELECT count(*) FROM stored) = (SELECT count(*) FROM row_write)';
  const firstVersions = `first_version AS (
       INSERT INTO ${kind.table}_history (id, version, customer_id, changed_at, doc)
       SELECT id, db_version, customer_id, update_date, doc FROM row_write
       WHERE ${allStored}
     )`;
  const alsoWritten = [
    ...(kind.history ? [firstVersions] : []),
    ...(changes === undefined ? [] : changeWrites(params.add(changes), allStored)),
  ];
  return statement(
    `WITH row_write AS MATERIALIZED (SELECT * FROM ${rowsOf}),
     stored AS (${insert('row_write')}),
     ${alsoWritten.join(',\n     ')}
     SELECT id FROM stored`,
    params,
  );
}

/** The owner never changes: `customerId` is the stored one, which the filter keys carry. */
export function replaceRecord(kind: Kind, row: Omit<RowWrite, 'createdAt'>): Statement {
  const params = new SqlParams();
  const sets = [
    `doc = ${params.add(JSON.stringify(row.doc))}::jsonb`,
    `db_version = ${params.add(row.dbVersion)}`,
    `update_date = ${params.add(row.updatedAt)}`,
    `filter_keys = ${params.add(filterKeysOf(kind.filters, row.customerId, row.doc))}::text[]`,
  ];
  if (kind.search) sets.push(`search = ${searchVector(kind, row.doc, params)}`);
  if (kind.words) sets.push(`words = ${params.add(row.words ?? '')}::tsvector`);
  return statement(`UPDATE ${kind.table} SET ${sets.join(', ')} WHERE id = ${params.add(row.id)}`, params);
}

/**
 * Many records replaced in one statement (a bulk upsert's changed rows): each row's columns as `replaceRecord` sets
 * them, read from one JSON parameter, and, for a kind with `history`, each row's new version from the same
 * statement. Not for kinds with `search`.
 */
export function replaceRecords(kind: Kind, rows: Omit<RowWrite, 'createdAt'>[]): Statement {
  if (kind.search) throw new Error(`kind of table ${kind.table} declares search: its rows are replaced one at a time`);
  const params = new SqlParams();
  const json = rows.map((row) => ({
    id: row.id,
    customer_id: row.customerId,
    db_version: row.dbVersion,
    update_date: row.updatedAt.toISOString(),
    doc: row.doc,
    filter_keys: filterKeysOf(kind.filters, row.customerId, row.doc),
    words: row.words ?? '',
  }));
  const sets = [
    'doc = r.doc',
    'db_version = r.db_version',
    'update_date = r.update_date',
    'filter_keys = r.filter_keys',
  ];
  if (kind.words) sets.push('words = r.words::tsvector');
  const rowsOf = `jsonb_to_recordset(${params.add(JSON.stringify(json))}::jsonb)
       AS r(id text, customer_id text, db_version integer, update_date timestamptz, doc jsonb, filter_keys text[], words text)`;
  const update = (from: string) => `UPDATE ${kind.table} AS t SET ${sets.join(', ')} FROM ${from} WHERE t.id = r.id`;
  if (!kind.history) return statement(update(rowsOf), params);
  return statement(
    `WITH row_write AS MATERIALIZED (SELECT * FROM ${rowsOf}),
     replaced AS (${update('row_write r')})
     INSERT INTO ${kind.table}_history (id, version, customer_id, changed_at, doc)
     SELECT id, db_version, customer_id, update_date, doc FROM row_write`,
    params,
  );
}

/** Removes records a batch just inserted (`insertRecords`) when the batch is not kept. */
export function deleteRecords(kind: Kind, ids: string[]): Statement {
  const params = new SqlParams();
  return fixedStatement(`DELETE FROM ${kind.table} WHERE id = ANY(${params.add(ids)}::text[])`, params);
}

export function deleteRecord(kind: Kind, id: string): Statement {
  const params = new SqlParams();
  return statement(`DELETE FROM ${kind.table} WHERE id = ${params.add(id)}`, params);
}

export function insertVersion(kind: Kind, row: Omit<RowWrite, 'createdAt'>): Statement {
  const params = new SqlParams();
  return statement(
    `INSERT INTO ${kind.table}_history (id, version, customer_id, changed_at, doc) VALUES (${params.add(row.id)}, ${params.add(row.dbVersion)}, ${params.add(row.customerId)}, ${params.add(row.updatedAt)}, ${params.add(JSON.stringify(row.doc))}::jsonb)`,
    params,
  );
}

export function findVersion(kind: Kind, id: string, version: number, scope: TenantScope): Statement {
  const params = new SqlParams();
  return statement(
    `SELECT doc, version AS db_version, customer_id FROM ${kind.table}_history WHERE id = ${params.add(id)} AND version = ${params.add(version)} AND ${tenantCondition(scope, params)}`,
    params,
  );
}

export function deleteVersions(kind: Kind, id: string): Statement {
  const params = new SqlParams();
  return statement(`DELETE FROM ${kind.table}_history WHERE id = ${params.add(id)}`, params);
}

/**
 * A page of records. The total is counted apart (countRecords), and only when the page does not tell it: a window
 * count would read and sort every match, where the page alone can stop at its last row in index order. A word search
 * sorts every match anyway: its page carries the total (`total`) and, ranked, the ids of its rows and their owners'
 * generation, under which it is kept (`page_id`, `generation`).
 */
export function listRecords(
  kind: Kind,
  query: ListingQuery,
  scope: TenantScope,
  plan: PagePlan = 'planner',
): Statement {
  return listPage('doc', kind, query, scope, plan);
}

/** A page of a cached kind's listing as ids and row versions: the documents come from the cache or `findCurrentByIds`. */
export function listRowVersions(
  kind: Kind,
  query: ListingQuery,
  scope: TenantScope,
  plan: PagePlan = 'planner',
): Statement {
  return listPage(`id, ${rowVersion()} AS row_version`, kind, query, scope, plan);
}

/**
 * `, (...) AS generation`: what the changes of the owners a listing reads say (migration 0025's `record_changes`), as
 * `owner:rows.largest.sum:records` in owner order: how many change rows the owner has, the largest of their
 * generations and their sum, and the records it holds. Read in the statement's own snapshot, so that a count cached
 * under it (store/listing-counts.ts) is the count of that snapshot. Rows are only appended, so of two snapshots the
 * later sees the rows of the earlier: as many rows means the same rows. A fold (record-changes.ts) replaces 33 or more
 * rows by one with a new generation, larger than any the rows it replaced: a snapshot before it and one after it
 * would need as many rows, the same largest generation and the same sum to look alike. None for the operator's
 * listing across every owner.
 */
function generationColumn(kind: Kind, owners: (string | null)[] | undefined, params: SqlParams): string {
  if (owners === undefined) return '';
  const wanted = params.add(owners.map((owner) => owner ?? ''));
  const changes = `SELECT customer_id, count(*) || '.' || max(generation) || '.' || sum(generation) AS seen, sum(delta) AS records FROM record_changes WHERE table_name = '${kind.table}' AND customer_id = ANY(${wanted}::text[]) GROUP BY customer_id`;
  return `, (SELECT coalesce(string_agg(customer_id || ':' || seen || ':' || records, ',' ORDER BY customer_id), '') FROM (${changes}) AS owners) AS generation`;
}

/** The generation of the owners a listing reads (`generationColumn`), alone; none when it reads every owner's records. */
export function ownersGeneration(kind: Kind, query: ListingQuery, scope: TenantScope): Statement | undefined {
  const owners = listingOwners(query, scope);
  if (owners === undefined) return undefined;
  const params = new SqlParams();
  return statement(`SELECT true AS read${generationColumn(kind, owners, params)}`, params);
}

function listPage(columns: string, kind: Kind, query: ListingQuery, scope: TenantScope, plan: PagePlan): Statement {
  const params = new SqlParams();
  const where = whereClause(kind, query, scope, params, '', plan);
  const order = listingOrder(query, params, '', plan);
  // A word search sorts every match before it pages: counting them there costs little, a second statement would
  // search again. Other pages say the generation their total is cached under; a ranked search's page is too.
  const owners = listingOwners(query, scope);
  const total =
    query.words === undefined
      ? generationColumn(kind, owners, params)
      : `, count(*) OVER ()::int AS total${ranked(query) ? `, id AS page_id${generationColumn(kind, owners, params)}` : ''}`;
  return (query.fixedShape ? fixedStatement : statement)(
    `SELECT ${columns}${total} FROM ${kind.table} WHERE ${where} ORDER BY ${order} LIMIT ${params.add(query.size)} OFFSET ${params.add(query.page * query.size)}`,
    params,
  );
}

/**
 * The rows of a ranked word search's page read before (store/listing-counts.ts), by id, and the generation of their
 * owners: they are that page when the generation is the one it was read at.
 */
function pageByIds(columns: string, kind: Kind, ids: string[], query: ListingQuery, scope: TenantScope): Statement {
  const params = new SqlParams();
  const generation = generationColumn(kind, listingOwners(query, scope), params);
  return statement(
    `SELECT ${columns}, id AS page_id${generation} FROM ${kind.table} WHERE id = ANY(${params.add(ids)}::text[]) AND ${tenantCondition(scope, params)}`,
    params,
  );
}

/** `pageByIds` of `listRecords`. */
export const recordsByIds = (kind: Kind, ids: string[], query: ListingQuery, scope: TenantScope) =>
  pageByIds('doc', kind, ids, query, scope);

/** `pageByIds` of `listRowVersions`. */
export const rowVersionsByIds = (kind: Kind, ids: string[], query: ListingQuery, scope: TenantScope) =>
  pageByIds(`id, ${rowVersion()} AS row_version`, kind, ids, query, scope);

/** The next matches of a listing after the id `after`, in id order (keyset: every batch costs the same). */
export function listAfter(kind: Kind, query: ListingQuery, scope: TenantScope, after: string): Statement {
  const params = new SqlParams();
  const where = whereClause(kind, query, scope, params);
  return statement(
    `SELECT doc FROM ${kind.table} WHERE id > ${params.add(after)} AND ${where} ORDER BY id LIMIT ${params.add(query.size)}`,
    params,
  );
}

/**
 * `listAfter` with each document as its JSON text: PostgreSQL writes it, so the service neither parses nor writes
 * JSON (an NDJSON export of documents served as stored). One row a document: a text of the whole batch
 * (`string_agg`) came back slower.
 */
export function jsonAfter(kind: Kind, query: ListingQuery, scope: TenantScope, after: string): Statement {
  const params = new SqlParams();
  const where = whereClause(kind, query, scope, params);
  return statement(
    `SELECT id, doc::text AS json FROM ${kind.table} WHERE id > ${params.add(after)} AND ${where} ORDER BY id LIMIT ${params.add(query.size)}`,
    params,
  );
}

/**
 * The distinct key tuples of each map of `maps` (`n`: its position in `maps`) among a listing's matches, sorted: the
 * columns a CSV export gives those maps (document/csv-cells.ts). Each level's keys come from `jsonb_object_keys` in a
 * select list, which streams them (as lateral joins, `FROM jsonb_each(...)`, each call filled a tuple store and the
 * statement took twice as long), and the value under a key is read with `->` from the map: `jsonb_each` copied every
 * value into a record that each use then took apart, which cost 0.94–0.99 s of PostgreSQL's CPU for a three-level map
 * of 100,000 products against 0.49–0.60 s with `->` (a level that is not an object is NULL to the strict function:
 * no keys, no error).
 */
export function mapKeys(kind: Kind, query: ListingQuery, scope: TenantScope, maps: MapAt[]): Statement {
  const params = new SqlParams();
  const where = whereClause(kind, query, scope, params);
  const keysOf = (value: string) => `jsonb_object_keys(CASE WHEN jsonb_typeof(${value}) = 'object' THEN ${value} END)`;
  const branches = maps.map(({ path, levels }, n) => {
    // Level l's keys are k0..k(l-1); `m` is the map, the value under them `m -> k0 -> … -> k(l-1)`.
    let rows = `SELECT doc #> ${params.add(path)}::text[] AS m FROM ${kind.table} WHERE ${where}`;
    const keys: string[] = [];
    for (let level = 0; level < levels - 1; level += 1) {
      const value = ['m', ...keys].join(' -> ');
      rows = `SELECT ${['m', ...keys].join(', ')}, ${keysOf(value)} AS k${level} FROM (${rows}) l${level}`;
      keys.push(`k${level}`);
    }
    const value = ['m', ...keys].join(' -> ');
    return `SELECT ${n} AS n, ARRAY[${[...keys, keysOf(value)].join(', ')}] AS keys FROM (${rows}) l${levels - 1}`;
  });
  return statement(`SELECT DISTINCT n, keys FROM (${branches.join(' UNION ALL ')}) m ORDER BY 1, 2`, params);
}

/** The number of matches of a listing, and the generation it is the count of (see `generationColumn`). */
export function countRecords(
  kind: Kind,
  query: Pick<ListingQuery, 'filters' | 'fixedShape' | 'words'>,
  scope: TenantScope,
): Statement {
  const params = new SqlParams();
  const generation = generationColumn(kind, listingOwners(query, scope), params);
  return (query.fixedShape ? fixedStatement : statement)(
    `SELECT count(*)::int AS total${generation} FROM ${kind.table} WHERE ${whereClause(kind, query, scope, params)}`,
    params,
  );
}

/**
 * Pages `rows` (a query whose columns include the ordinal `n`) and counts them in one statement: the count row
 * is always there, so a page past the end still reports the total.
 */
function pagedWithTotal(rows: string, columns: string[], params: SqlParams, query: ListingQuery): string {
  return `WITH matched AS (${rows})
    SELECT c.total, ${columns.map((column) => `p.${column}`).join(', ')}
    FROM (SELECT count(*)::int AS total FROM matched) c
    LEFT JOIN LATERAL (SELECT * FROM matched WHERE n > ${params.add(query.page * query.size)} ORDER BY n LIMIT ${params.add(query.size)}) p ON TRUE
    ORDER BY p.n`;
}

/** Values of `path` with their record counts, largest count first; an array field counts each element. */
export function recapRecords(
  kind: Kind,
  query: ListingQuery,
  scope: TenantScope,
  path: string[],
  isArray: boolean,
): Statement {
  const params = new SqlParams();
  const where = whereClause(kind, query, scope, params);
  const p = params.add(path);
  const source = isArray
    ? `${kind.table} CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(doc #> ${p}::text[]) = 'array' THEN doc #> ${p}::text[] ELSE '[]'::jsonb END) AS e(value)`
    : `${kind.table} CROSS JOIN LATERAL (SELECT doc #> ${p}::text[]) AS e(value)`;
  const grouped = `SELECT g."targetValue", g.count, row_number() OVER (ORDER BY g.count DESC, g."targetValue" ASC) AS n FROM (
      SELECT CASE WHEN jsonb_typeof(e.value) = 'string' THEN e.value #>> '{}' ELSE e.value::text END AS "targetValue", count(*)::int AS count
      FROM ${source}
      WHERE ${where} AND e.value IS NOT NULL AND jsonb_typeof(e.value) <> 'null'
      GROUP BY 1) g`;
  return statement(pagedWithTotal(grouped, ['"targetValue"', 'count'], params, query), params);
}

/** One row per element of the array at `path`; a record whose array is empty or missing gives one row with `empty`. */
export function unwindRecords(kind: Kind, query: ListingQuery, scope: TenantScope, path: string[]): Statement {
  const params = new SqlParams();
  const where = whereClause(kind, query, scope, params, 't');
  const p = params.add(path);
  const order = listingOrder(query, params, 't');
  const unwound = `SELECT t.doc, e.value AS element, e.ord IS NULL AS empty, row_number() OVER (ORDER BY ${order}, e.ord) AS n
    FROM ${kind.table} t LEFT JOIN LATERAL jsonb_array_elements(
      CASE WHEN jsonb_typeof(t.doc #> ${p}::text[]) = 'array' THEN t.doc #> ${p}::text[] ELSE '[]'::jsonb END
    ) WITH ORDINALITY AS e(value, ord) ON TRUE
    WHERE ${where}`;
  return statement(pagedWithTotal(unwound, ['doc', 'element', 'empty'], params, query), params);
}

/**
 * Records matching `text` (web-search syntax: words, "phrases", -excluded, or), best ranked first unless `sort`
 * says otherwise. The query is read as written and, given a locale, stemmed in its language too.
 */
export function searchRecords(
  kind: Kind,
  query: ListingQuery,
  scope: TenantScope,
  text: string,
  config: string,
): Statement {
  const params = new SqlParams();
  const q = params.add(text);
  const tsquery = `websearch_to_tsquery('simple', ${q}) || websearch_to_tsquery(${params.add(config)}::regconfig, ${q})`;
  const where = whereClause(kind, query, scope, params, 't');
  const order = query.sort.length > 0 ? orderBy(query.sort, params, 't') : 'ts_rank(t.search, s.q) DESC, t.id ASC';
  return statement(
    `SELECT t.doc, count(*) OVER ()::int AS total FROM ${kind.table} t CROSS JOIN (SELECT ${tsquery} AS q) s
    WHERE t.search @@ s.q AND ${where}
    ORDER BY ${order} LIMIT ${params.add(query.size)} OFFSET ${params.add(query.page * query.size)}`,
    params,
  );
}

/** The number of records matching `text`, for a page past the end. */
export function countSearch(
  kind: Kind,
  query: Pick<ListingQuery, 'filters'>,
  scope: TenantScope,
  text: string,
  config: string,
): Statement {
  const params = new SqlParams();
  const q = params.add(text);
  const where = whereClause(kind, query, scope, params);
  return statement(
    `SELECT count(*)::int AS total FROM ${kind.table} WHERE search @@ (websearch_to_tsquery('simple', ${q}) || websearch_to_tsquery(${params.add(config)}::regconfig, ${q})) AND ${where}`,
    params,
  );
}

/** The rows among `ids`, locked, with their documents: their words are computed again from the current version. */
export function lockForWords(kind: Kind, ids: string[]): Statement {
  const params = new SqlParams();
  return fixedStatement(
    `SELECT doc, db_version, customer_id FROM ${kind.table} WHERE id = ANY(${params.add(ids)}::text[]) ORDER BY id FOR UPDATE`,
    params,
  );
}

/** Stores the words of records whose document did not change (a record they name did). */
export function updateWords(kind: Kind, ids: string[], words: string[]): Statement {
  const params = new SqlParams();
  return fixedStatement(
    `UPDATE ${kind.table} t SET words = w.words::tsvector FROM unnest(${params.add(ids)}::text[], ${params.add(words)}::text[]) AS w (id, words) WHERE t.id = w.id`,
    params,
  );
}

/** Up to `limit` rows whose words were never computed (stored before the kind declared word search), locked. */
export function lockWithoutWords(kind: Kind, limit: number): Statement {
  const params = new SqlParams();
  return fixedStatement(
    `SELECT doc, db_version, customer_id FROM ${kind.table} WHERE words IS NULL ORDER BY id LIMIT ${params.add(limit)} FOR UPDATE SKIP LOCKED`,
    params,
  );
}
