import { createHash } from 'node:crypto';
import type { Queryable } from '../../platform/db/database.js';

/** One SQL statement per function; the rules live in `asset.service.ts`. */
export interface AssetRow {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  customerId: string | null;
  createDate: string;
  /** Downloaded only with the owner's or the operator's token (a kept copy of a sent e-mail). */
  private: boolean;
}

const COLUMNS = `id, filename, content_type AS "contentType", size, customer_id AS "customerId", create_date AS "createDate", private`;

function row(raw: Record<string, unknown>): AssetRow {
  return {
    ...(raw as unknown as AssetRow),
    size: Number(raw.size),
    createDate: new Date(raw.createDate as string | Date).toISOString(),
  };
}

/** Inserts the metadata unless the id is there already; answers the stored row either way and whether it was new. */
export async function insertAsset(db: Queryable, asset: AssetRow): Promise<{ row: AssetRow; created: boolean }> {
  const inserted = await db.query<Record<string, unknown>>(
    `INSERT INTO assets (id, filename, content_type, size, customer_id, create_date, private) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (id) DO NOTHING RETURNING ${COLUMNS}`,
    [asset.id, asset.filename, asset.contentType, asset.size, asset.customerId, asset.createDate, asset.private],
  );
  if (inserted.rows[0]) return { row: row(inserted.rows[0]), created: true };
  return { row: (await findAsset(db, asset.id))!, created: false };
}

export async function findAsset(db: Queryable, id: string): Promise<AssetRow | undefined> {
  const { rows } = await db.query<Record<string, unknown>>(`SELECT ${COLUMNS} FROM assets WHERE id = $1`, [id]);
  return rows[0] ? row(rows[0]) : undefined;
}

/** A page in creation order (ties by id), with the total; optionally one customer's uploads only. */
export async function listAssets(
  db: Queryable,
  page: number,
  size: number,
  customerId?: string,
): Promise<{ rows: AssetRow[]; total: number }> {
  const filter = customerId === undefined ? '' : 'WHERE customer_id = $3';
  const params: unknown[] = [size, page * size, ...(customerId === undefined ? [] : [customerId])];
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM assets ${filter} ORDER BY create_date, id LIMIT $1 OFFSET $2`,
    params,
  );
  if (rows.length > 0) return { rows: rows.map(row), total: Number(rows[0]!.total) };
  const counted = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM assets ${filter.replace('$3', '$1')}`,
    params.slice(2),
  );
  return { rows: [], total: Number(counted.rows[0]?.total ?? 0) };
}

/** Deletes the rows of these ids and answers the deleted ones. */
export async function deleteAssets(db: Queryable, ids: readonly string[]): Promise<AssetRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `DELETE FROM assets WHERE id = ANY($1::text[]) RETURNING ${COLUMNS}`,
    [ids],
  );
  return rows.map(row);
}

function lockKey(id: string): string {
  return BigInt.asIntN(
    64,
    BigInt('0x' + createHash('sha256').update(`asset:${id}`).digest('hex').slice(0, 16)),
  ).toString();
}

/**
 * Serialises, until the transaction ends, the finishing step of uploads and deletes of the same ids (across
 * instances too). Keys are taken in one order, so two bulk deletes cannot deadlock.
 */
export async function lockAssetIds(tx: Queryable, ids: readonly string[]): Promise<void> {
  const keys = [...new Set(ids.map(lockKey))].sort();
  await tx.query(`SELECT pg_advisory_xact_lock(k) FROM unnest($1::bigint[]) WITH ORDINALITY AS t(k, n) ORDER BY n`, [
    keys,
  ]);
}

/**
 * The asset named like one of `filenames` that `customerId` owns, else one the operator owns (customer_id null); among
 * several, the earlier name in `filenames` wins, then the newest upload. `customerId` null: operator assets only.
 */
export async function findNewestNamed(
  db: Queryable,
  customerId: string | null,
  filenames: readonly string[],
): Promise<AssetRow | undefined> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM assets WHERE filename = ANY($1::text[]) AND (customer_id = $2 OR customer_id IS NULL)
     ORDER BY customer_id IS NULL, array_position($1::text[], filename), create_date DESC, id DESC LIMIT 1`,
    [filenames, customerId],
  );
  return rows[0] ? row(rows[0]) : undefined;
}
