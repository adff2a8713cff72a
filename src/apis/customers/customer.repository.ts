import type { TenantScope } from '../../platform/auth/principal.js';
import type { Queryable } from '../../platform/db/database.js';
import type { Doc, StoredRow } from '../../platform/resource/declare.js';
import { SqlParams, tenantCondition } from '../../platform/resource/repository-sql.js';

/** SQL of the Customer API beyond the engine's: one statement per function. */
const TABLE = 'customers';

/** The first-created visible customer whose `field` equals `value` (names are not unique; realm names are). */
export async function findVisibleBy(
  db: Queryable,
  field: 'name' | 'realmName',
  value: string,
  scope: TenantScope,
): Promise<StoredRow | undefined> {
  const params = new SqlParams();
  const sql = `SELECT doc, db_version, customer_id FROM ${TABLE} WHERE doc @> ${params.add(JSON.stringify({ [field]: value }))}::jsonb AND ${tenantCondition(scope, params)} ORDER BY id LIMIT 1`;
  return (await db.query<StoredRow>(sql, params.values)).rows[0];
}

/** Public lookup of one customer by id or realm name (no tenant rule: the caller only shows the public view). */
export async function findByIdOrRealm(db: Queryable, idOrRealm: string): Promise<Doc | undefined> {
  const { rows } = await db.query<{ doc: Doc }>(
    `SELECT doc FROM ${TABLE} WHERE id = $1 OR doc @> jsonb_build_object('realmName', $1::text) ORDER BY (id = $1) DESC LIMIT 1`,
    [idOrRealm],
  );
  return rows[0]?.doc;
}

/** A page of customers by ids, or by exact name, with the total; creation order. */
export async function listPublic(
  db: Queryable,
  by: { ids: string[] } | { name: string },
  limit: number,
  offset: number,
): Promise<{ docs: Doc[]; total: number }> {
  const [condition, value] =
    'ids' in by ? ['id = ANY($1::text[])', by.ids] : [`doc @> jsonb_build_object('name', $1::text)`, by.name];
  const { rows } = await db.query<{ doc: Doc | null; total: number }>(
    `WITH matched AS (SELECT id, doc FROM ${TABLE} WHERE ${condition})
     SELECT (SELECT count(*)::int FROM matched) AS total, p.doc
     FROM (SELECT 1) one LEFT JOIN LATERAL (SELECT id, doc FROM matched ORDER BY id LIMIT $2 OFFSET $3) p ON TRUE
     ORDER BY p.id`,
    [value, limit, offset],
  );
  return { docs: rows.flatMap((row) => (row.doc ? [row.doc] : [])), total: rows[0]?.total ?? 0 };
}

/** The customer's `authorizedCustomers` (empty when it has none or does not exist). */
export async function authorizedCustomersOf(db: Queryable, customerId: string): Promise<string[]> {
  const { rows } = await db.query<{ ids: unknown }>(
    `SELECT doc -> 'authorizedCustomers' AS ids FROM ${TABLE} WHERE id = $1`,
    [customerId],
    { prepare: true },
  );
  const ids = rows[0]?.ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}
