import type { Queryable } from '../db/database.js';
import type { TenantScope } from '../auth/principal.js';
import type { Doc } from './document-paths.js';
import type { ListingQuery } from './listing-query.js';
import { SqlParams, filterConditions, orderBy, tenantCondition } from './resource-sql.js';

/** One SQL statement per function; rules live in the service. `table` comes from a resource definition, never from input. */
export interface StoredRow {
  doc: Doc;
  db_version: number;
  customer_id: string | null;
}

export async function findById(db: Queryable, table: string, id: string, scope: TenantScope, forUpdate = false): Promise<StoredRow | undefined> {
  const params = new SqlParams();
  const sql = `SELECT doc, db_version, customer_id FROM ${table} WHERE id = ${params.add(id)} AND ${tenantCondition(scope, params)}${forUpdate ? ' FOR UPDATE' : ''}`;
  return (await db.query<StoredRow>(sql, params.values)).rows[0];
}

export async function insertRecord(db: Queryable, table: string, doc: Doc & { id: string; createDate: string; updateDate: string }, customerId: string | null): Promise<void> {
  await db.query(
    `INSERT INTO ${table} (id, customer_id, db_version, create_date, update_date, doc) VALUES ($1, $2, 0, $3, $4, $5::jsonb)`,
    [doc.id, customerId, doc.createDate, doc.updateDate, JSON.stringify(doc)],
  );
}

export async function replaceRecord(db: Queryable, table: string, id: string, doc: Doc & { updateDate: string; dbVersion: number }): Promise<void> {
  await db.query(`UPDATE ${table} SET doc = $2::jsonb, db_version = $3, update_date = $4 WHERE id = $1`, [
    id,
    JSON.stringify(doc),
    doc.dbVersion,
    doc.updateDate,
  ]);
}

function whereClause(query: Pick<ListingQuery, 'filters'>, scope: TenantScope, params: SqlParams, alias = ''): string {
  return [tenantCondition(scope, params, alias), ...filterConditions(query.filters, params, alias)].join(' AND ');
}

export async function listRecords(db: Queryable, table: string, query: ListingQuery, scope: TenantScope): Promise<{ docs: Doc[]; total: number }> {
  const params = new SqlParams();
  const where = whereClause(query, scope, params);
  const order = orderBy(query.sort, params);
  const sql = `SELECT doc, count(*) OVER ()::int AS total FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT ${params.add(query.size)} OFFSET ${params.add(query.page * query.size)}`;
  const { rows } = await db.query<{ doc: Doc; total: number }>(sql, params.values);
  if (rows.length > 0) return { docs: rows.map((r) => r.doc), total: rows[0]!.total };
  return { docs: [], total: query.page === 0 ? 0 : await countRecords(db, table, query, scope) };
}

async function countRecords(db: Queryable, table: string, query: Pick<ListingQuery, 'filters'>, scope: TenantScope): Promise<number> {
  const params = new SqlParams();
  const { rows } = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${table} WHERE ${whereClause(query, scope, params)}`, params.values);
  return rows[0]?.total ?? 0;
}

/**
 * Pages `rows` (a query whose columns include the ordinal `n`) and counts them in one statement: the count row
 * is always there, so a page past the end still reports the total.
 */
function pagedWithTotal(rows: string, columns: string, params: SqlParams, query: ListingQuery): string {
  return `WITH matched AS (${rows})
    SELECT c.total, ${columns.split(',').map((column) => `p.${column.trim()}`).join(', ')}
    FROM (SELECT count(*)::int AS total FROM matched) c
    LEFT JOIN LATERAL (SELECT * FROM matched WHERE n > ${params.add(query.page * query.size)} ORDER BY n LIMIT ${params.add(query.size)}) p ON TRUE
    ORDER BY p.n`;
}

/** Values of `path` with their record counts, largest count first; an array field counts each element. */
export async function recapRecords(
  db: Queryable,
  table: string,
  query: ListingQuery,
  scope: TenantScope,
  path: string[],
  isArray: boolean,
): Promise<{ groups: { targetValue: string; count: number }[]; total: number }> {
  const params = new SqlParams();
  const where = whereClause(query, scope, params);
  const p = params.add(path);
  const source = isArray
    ? `${table} CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(doc #> ${p}::text[]) = 'array' THEN doc #> ${p}::text[] ELSE '[]'::jsonb END) AS e(value)`
    : `${table} CROSS JOIN LATERAL (SELECT doc #> ${p}::text[]) AS e(value)`;
  const grouped = `SELECT g."targetValue", g.count, row_number() OVER (ORDER BY g.count DESC, g."targetValue" ASC) AS n FROM (
      SELECT CASE WHEN jsonb_typeof(e.value) = 'string' THEN e.value #>> '{}' ELSE e.value::text END AS "targetValue", count(*)::int AS count
      FROM ${source}
      WHERE ${where} AND e.value IS NOT NULL AND jsonb_typeof(e.value) <> 'null'
      GROUP BY 1) g`;
  const sql = pagedWithTotal(grouped, '"targetValue", count', params, query);
  const { rows } = await db.query<{ targetValue: string | null; count: number | null; total: number }>(sql, params.values);
  const groups = rows.filter((r) => r.count !== null).map(({ targetValue, count }) => ({ targetValue: targetValue!, count: count! }));
  return { groups, total: rows[0]?.total ?? 0 };
}

/** One row per element of the array at `path`; a record whose array is empty or missing gives one row with `empty`. */
export async function unwindRecords(
  db: Queryable,
  table: string,
  query: ListingQuery,
  scope: TenantScope,
  path: string[],
): Promise<{ rows: { doc: Doc; element: unknown; empty: boolean }[]; total: number }> {
  const params = new SqlParams();
  const where = whereClause(query, scope, params, 't');
  const p = params.add(path);
  const order = orderBy(query.sort, params, 't');
  const unwound = `SELECT t.doc, e.value AS element, e.ord IS NULL AS empty, row_number() OVER (ORDER BY ${order}, e.ord) AS n
    FROM ${table} t LEFT JOIN LATERAL jsonb_array_elements(
      CASE WHEN jsonb_typeof(t.doc #> ${p}::text[]) = 'array' THEN t.doc #> ${p}::text[] ELSE '[]'::jsonb END
    ) WITH ORDINALITY AS e(value, ord) ON TRUE
    WHERE ${where}`;
  const sql = pagedWithTotal(unwound, 'doc, element, empty', params, query);
  const { rows } = await db.query<{ doc: Doc | null; element: unknown; empty: boolean | null; total: number }>(sql, params.values);
  const items = rows.filter((r) => r.doc !== null).map(({ doc, element, empty }) => ({ doc: doc!, element, empty: empty! }));
  return { rows: items, total: rows[0]?.total ?? 0 };
}
