import type { TenantScope } from '../../auth/principal.js';
import type { Queryable } from '../../db/database.js';
import type { ListingQuery } from '../declare/listing.js';
import type { Doc, StoredRow } from '../declare/record.js';
import type { MapAt } from '../declare/record-store.js';
import type { Kind } from '../sql/statements.js';
import * as sql from '../sql/statements.js';
import type { KeptMapKeys } from './kept-map-keys.js';
import { type ListingCounts, pagePlan } from './listing-counts.js';

/** Runs the engine's statements (`sql/statements.ts`): one statement per function, rules live in the service. */
const run = <Row>(db: Queryable, statement: sql.Statement) =>
  db.query<Row>(statement.text, statement.values, statement.prepare ? { prepare: true } : undefined);

export async function findByKey(
  db: Queryable,
  kind: Kind,
  value: string,
  scope: TenantScope,
  forUpdate = false,
): Promise<StoredRow | undefined> {
  return (await run<StoredRow>(db, sql.findByKey(kind, value, scope, forUpdate))).rows[0];
}

export async function findByIds(
  db: Queryable,
  kind: Kind,
  ids: string[],
  scope: TenantScope,
  forUpdate = false,
): Promise<StoredRow[]> {
  return (await run<StoredRow>(db, sql.findByIds(kind, ids, scope, forUpdate))).rows;
}

export async function idsByUniqueKey(
  db: Queryable,
  kind: Kind,
  field: string,
  owner: string,
  values: string[],
  scope: TenantScope,
): Promise<{ id: string; value: string }[]> {
  return (await run<{ id: string; value: string }>(db, sql.idsByUniqueKey(kind, field, owner, values, scope))).rows;
}

/** A row of `findCurrentByIds`: `doc` (and its stored size) only when the caller's copy is not current. */
export interface VersionedRow {
  id: string;
  row_version: string;
  db_version: number;
  customer_id: string | null;
  doc: Doc | null;
  doc_size: number | null;
}

export async function findCurrentByIds(
  db: Queryable,
  kind: Kind,
  ids: string[],
  scope: TenantScope,
  known: string[],
): Promise<VersionedRow[]> {
  return (await run<VersionedRow>(db, sql.findCurrentByIds(kind, ids, scope, known))).rows;
}

export async function findVersion(
  db: Queryable,
  kind: Kind,
  id: string,
  version: number,
  scope: TenantScope,
): Promise<StoredRow | undefined> {
  return (await run<StoredRow>(db, sql.findVersion(kind, id, version, scope))).rows[0];
}

export async function insertRecord(db: Queryable, kind: Kind, row: sql.RowWrite): Promise<void> {
  await run(db, sql.insertRecord(kind, row));
}

/** Runs an `insertRecords` statement built before (a batch prepared ahead); answers the ids stored. */
export async function insertedBy(db: Queryable, statement: sql.Statement): Promise<Set<string>> {
  return new Set((await run<{ id: string }>(db, statement)).rows.map((row) => row.id));
}

/** Runs a statement of the engine built before (a batch prepared ahead: its events and activity). */
export async function runBuilt(db: Queryable, statement: sql.Statement): Promise<void> {
  await run(db, statement);
}

export async function replaceRecord(db: Queryable, kind: Kind, row: Omit<sql.RowWrite, 'createdAt'>): Promise<void> {
  await run(db, sql.replaceRecord(kind, row));
}

export async function deleteRecords(db: Queryable, kind: Kind, ids: string[]): Promise<void> {
  if (ids.length > 0) await run(db, sql.deleteRecords(kind, ids));
}

export async function deleteRecord(db: Queryable, kind: Kind, id: string): Promise<void> {
  await run(db, sql.deleteRecord(kind, id));
}

export async function insertVersion(db: Queryable, kind: Kind, row: Omit<sql.RowWrite, 'createdAt'>): Promise<void> {
  await run(db, sql.insertVersion(kind, row));
}

export async function deleteVersions(db: Queryable, kind: Kind, id: string): Promise<void> {
  await run(db, sql.deleteVersions(kind, id));
}

async function pageWithTotal(
  db: Queryable,
  page: sql.Statement,
  count: sql.Statement,
  pageIndex: number,
): Promise<{ docs: Doc[]; total: number }> {
  const { rows } = await run<{ doc: Doc; total: number }>(db, page);
  if (rows.length > 0) return { docs: rows.map((r) => r.doc), total: rows[0]!.total };
  return { docs: [], total: pageIndex === 0 ? 0 : ((await run<{ total: number }>(db, count)).rows[0]?.total ?? 0) };
}

/**
 * A page and the total: counted only when the page does not tell it (a first page that is not full holds every
 * match) and `counts` holds no count at the generation the page read (store/listing-counts.ts). The page is read by
 * the plan its last known count chooses.
 */
export async function listRecords(
  db: Queryable,
  kind: Kind,
  query: ListingQuery,
  scope: TenantScope,
  counts?: ListingCounts,
): Promise<{ docs: Doc[]; total: number }> {
  const count = sql.countRecords(kind, query, scope);
  if (sql.ranked(query)) {
    const page = await rankedPage<{ doc: Doc; page_id: string }>(
      db,
      query,
      count,
      counts,
      sql.listRecords(kind, query, scope),
      (ids) => sql.recordsByIds(kind, ids, query, scope),
    );
    return { docs: page.rows.map((r) => r.doc), total: page.total };
  }
  const first = await firstCountOf(query, scope, count, counts);
  try {
    const plan = planOf(kind, query, scope, count, counts);
    const { rows } = await run<PageRow & { doc: Doc }>(db, sql.listRecords(kind, query, scope, plan));
    return { docs: rows.map((r) => r.doc), total: await totalOf(db, query, count, rows, counts) };
  } finally {
    first?.();
  }
}

/** The next `query.size` matches of a listing after the id `after` ('' for the first), in id order. */
export async function listAfter(
  db: Queryable,
  kind: Kind,
  query: ListingQuery,
  scope: TenantScope,
  after: string,
): Promise<Doc[]> {
  return (await run<{ doc: Doc }>(db, sql.listAfter(kind, query, scope, after))).rows.map((r) => r.doc);
}

/** The next `query.size` matches after the id `after` ('' for the first), in id order, each as its JSON text. */
export async function jsonAfter(
  db: Queryable,
  kind: Kind,
  query: ListingQuery,
  scope: TenantScope,
  after: string,
): Promise<{ id: string; json: string }[]> {
  return (await run<{ id: string; json: string }>(db, sql.jsonAfter(kind, query, scope, after))).rows;
}

/**
 * The key tuples of `maps` among a listing's matches; `kept` serves them again, without the scan, while the owners
 * of a listing restricted to owners have not changed since they were read.
 */
export async function mapKeys(
  db: Queryable,
  kind: Kind,
  query: ListingQuery,
  scope: TenantScope,
  maps: MapAt[],
  kept?: KeptMapKeys,
): Promise<string[][][]> {
  const found: string[][][] = maps.map(() => []);
  if (maps.length === 0) return found;
  const statement = sql.mapKeys(kind, query, scope, maps);
  const owners = kept && sql.ownersGeneration(kind, query, scope);
  // Read before the keys (kept-map-keys.ts says why).
  const generation = owners && (await run<{ generation: string }>(db, owners)).rows[0]!.generation;
  const known = generation === undefined ? undefined : kept!.at(statement, generation);
  if (known) return known;
  const { rows } = await run<{ n: number; keys: string[] }>(db, statement);
  for (const row of rows) found[row.n]!.push(row.keys);
  if (generation !== undefined) kept!.remember(statement, generation, found);
  return found;
}

/** A listing page as ids and row versions, for a kind whose documents are cached. */
export async function listRowVersions(
  db: Queryable,
  kind: Kind,
  query: ListingQuery,
  scope: TenantScope,
  counts?: ListingCounts,
): Promise<{ rows: { id: string; row_version: string }[]; total: number }> {
  const count = sql.countRecords(kind, query, scope);
  if (sql.ranked(query)) {
    const page = await rankedPage<{ id: string; row_version: string; page_id: string }>(
      db,
      query,
      count,
      counts,
      sql.listRowVersions(kind, query, scope),
      (ids) => sql.rowVersionsByIds(kind, ids, query, scope),
    );
    return { rows: page.rows.map(({ id, row_version }) => ({ id, row_version })), total: page.total };
  }
  const first = await firstCountOf(query, scope, count, counts);
  try {
    const plan = planOf(kind, query, scope, count, counts);
    const { rows } = await run<PageRow & { id: string; row_version: string }>(
      db,
      sql.listRowVersions(kind, query, scope, plan),
    );
    return {
      rows: rows.map(({ id, row_version }) => ({ id, row_version })),
      total: await totalOf(db, query, count, rows, counts),
    };
  } finally {
    first?.();
  }
}

/**
 * The first count of a listing restricted to owners is made once (`ListingCounts.firstCount`). A listing of every
 * owner has no generation, so no count of it is ever kept: making its requests wait for one another would only queue
 * them.
 */
function firstCountOf(
  query: ListingQuery,
  scope: TenantScope,
  count: sql.Statement,
  counts: ListingCounts | undefined,
): Promise<(() => void) | undefined> {
  if (!counts || sql.listingOwners(query, scope) === undefined) return Promise.resolve(undefined);
  return counts.firstCount(count);
}

/** The plan of a listing's page, from the last count of `count` (its `countRecords`) that `counts` knows. */
function planOf(
  kind: Kind,
  query: ListingQuery,
  scope: TenantScope,
  count: sql.Statement,
  counts: ListingCounts | undefined,
): sql.PagePlan {
  return pagePlan(query, sql.listingOwners(query, scope), sql.matchesKeys(kind, query, scope), counts?.last(count));
}

/** What a page's rows say of its total: a word search's count, or the generation its owners were at. */
interface PageRow {
  total?: number;
  generation?: string;
}

/**
 * A page of a ranked word search (sql/rank-tiers.ts) and its total. The page read last by the same statement
 * (`counts`) is read back by id with its owners' generation, and served when that generation is the one it was read
 * at (no write of the owners since: the same matches, ranked the same). Otherwise every match is read, ranked and
 * counted, and the page is kept under the generation read.
 */
async function rankedPage<Row extends { page_id: string }>(
  db: Queryable,
  query: ListingQuery,
  count: sql.Statement,
  counts: ListingCounts | undefined,
  page: sql.Statement,
  byIds: (ids: string[]) => sql.Statement,
): Promise<{ rows: Row[]; total: number }> {
  const known = counts?.lastPage(page);
  if (known) {
    const { rows } = await run<Row & PageRow>(db, byIds(known.ids));
    if (rows.length === known.ids.length && rows[0]?.generation === known.generation) {
      const byId = new Map(rows.map((row) => [row.page_id, row]));
      return { rows: known.ids.map((id) => byId.get(id)!), total: known.total };
    }
  }
  const { rows } = await run<Row & PageRow>(db, page);
  const [first] = rows;
  if (first?.total !== undefined) {
    if (first.generation !== undefined)
      counts?.rememberPage(page, {
        generation: first.generation,
        ids: rows.map((row) => row.page_id),
        total: first.total,
      });
    return { rows, total: first.total };
  }
  if (query.page === 0) return { rows, total: 0 };
  return { rows, total: (await run<{ total: number }>(db, count)).rows[0]?.total ?? 0 };
}

async function totalOf(
  db: Queryable,
  query: ListingQuery,
  count: sql.Statement,
  rows: PageRow[],
  counts: ListingCounts | undefined,
): Promise<number> {
  const [first] = rows;
  // A total the page itself gives is kept too, so the listing's next requests do not wait as first ones (firstCount).
  const given = first?.total ?? (query.page === 0 && rows.length < query.size ? rows.length : undefined);
  if (given !== undefined) {
    if (first?.generation !== undefined) counts?.remember(count, first.generation, given);
    return given;
  }
  const known = first?.generation === undefined ? undefined : counts?.at(count, first.generation);
  if (known !== undefined) return known;
  const counted = (await run<{ total: number; generation?: string }>(db, count)).rows[0];
  if (counted?.generation !== undefined) counts?.remember(count, counted.generation, counted.total);
  return counted?.total ?? 0;
}

export function searchRecords(
  db: Queryable,
  kind: Kind,
  query: ListingQuery,
  scope: TenantScope,
  text: string,
  config: string,
): Promise<{ docs: Doc[]; total: number }> {
  return pageWithTotal(
    db,
    sql.searchRecords(kind, query, scope, text, config),
    sql.countSearch(kind, query, scope, text, config),
    query.page,
  );
}

export async function recapRecords(
  db: Queryable,
  kind: Kind,
  query: ListingQuery,
  scope: TenantScope,
  path: string[],
  isArray: boolean,
): Promise<{ groups: { targetValue: string; count: number }[]; total: number }> {
  const { rows } = await run<{ targetValue: string | null; count: number | null; total: number }>(
    db,
    sql.recapRecords(kind, query, scope, path, isArray),
  );
  const groups = rows
    .filter((r) => r.count !== null)
    .map(({ targetValue, count }) => ({ targetValue: targetValue!, count: count! }));
  return { groups, total: rows[0]?.total ?? 0 };
}

export async function unwindRecords(
  db: Queryable,
  kind: Kind,
  query: ListingQuery,
  scope: TenantScope,
  path: string[],
): Promise<{ rows: { doc: Doc; element: unknown; empty: boolean }[]; total: number }> {
  const { rows } = await run<{ doc: Doc | null; element: unknown; empty: boolean | null; total: number }>(
    db,
    sql.unwindRecords(kind, query, scope, path),
  );
  const items = rows
    .filter((r) => r.doc !== null)
    .map(({ doc, element, empty }) => ({ doc: doc!, element, empty: empty! }));
  return { rows: items, total: rows[0]?.total ?? 0 };
}

export async function lockForWords(db: Queryable, kind: Kind, ids: string[]): Promise<StoredRow[]> {
  return (await run<StoredRow>(db, sql.lockForWords(kind, ids))).rows;
}

export async function updateWords(db: Queryable, kind: Kind, ids: string[], words: string[]): Promise<void> {
  await run(db, sql.updateWords(kind, ids, words));
}

export async function lockWithoutWords(db: Queryable, kind: Kind, limit: number): Promise<StoredRow[]> {
  return (await run<StoredRow>(db, sql.lockWithoutWords(kind, limit))).rows;
}
