import { createHash } from 'node:crypto';
import type { Queryable } from '../../platform/db/database.js';

/** One SQL statement per function; the rules live in `asset.service.ts`. */
export interface AssetRow {
  /** The public handle (links, ETag); never derived from the content alone (docs/assets.md, Ownership). */
  id: string;
  /** SHA-256 of the content: the key of its object in the asset store, shared by every owner's asset of that content. */
  contentHash: string;
  filename: string;
  contentType: string;
  size: number;
  /** The owner: the customer who uploaded it (null: the operator). */
  customerId: string | null;
  createDate: string;
  /** Downloaded only with the owner's or the operator's token (a kept copy of a sent e-mail). */
  private: boolean;
}

const COLUMNS = `id, content_hash AS "contentHash", filename, content_type AS "contentType", size, customer_id AS "customerId", create_date AS "createDate", private`;

function row(raw: Record<string, unknown>): AssetRow {
  return {
    // Cast: the row's columns are named as AssetRow's fields by the SELECT (COLUMNS); pg types rows as unknown.
    ...(raw as unknown as AssetRow),
    size: Number(raw.size),
    createDate: new Date(raw.createDate as string | Date).toISOString(),
  };
}

/**
 * Inserts the metadata unless its owner has an asset of that content (and privacy) already; answers the stored row
 * either way and whether it was new. The conflict target is the unique index of migration 0016.
 */
export async function insertAsset(db: Queryable, asset: AssetRow): Promise<{ row: AssetRow; created: boolean }> {
  const inserted = await db.query<Record<string, unknown>>(
    `INSERT INTO assets (id, content_hash, filename, content_type, size, customer_id, create_date, private)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT ((coalesce(customer_id, '')), content_hash, private) DO NOTHING RETURNING ${COLUMNS}`,
    [
      asset.id,
      asset.contentHash,
      asset.filename,
      asset.contentType,
      asset.size,
      asset.customerId,
      asset.createDate,
      asset.private,
    ],
  );
  if (inserted.rows[0]) return { row: row(inserted.rows[0]), created: true };
  return { row: (await findOwnedContent(db, asset.customerId, asset.contentHash, asset.private))!, created: false };
}

/** The asset of `customerId` (null: the operator) holding this content with this privacy. */
export async function findOwnedContent(
  db: Queryable,
  customerId: string | null,
  contentHash: string,
  isPrivate: boolean,
): Promise<AssetRow | undefined> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM assets WHERE coalesce(customer_id, '') = coalesce($1, '') AND content_hash = $2 AND private = $3`,
    [customerId, contentHash, isPrivate],
  );
  return rows[0] ? row(rows[0]) : undefined;
}

export async function findAsset(db: Queryable, id: string): Promise<AssetRow | undefined> {
  const { rows } = await db.query<Record<string, unknown>>(`SELECT ${COLUMNS} FROM assets WHERE id = $1`, [id]);
  return rows[0] ? row(rows[0]) : undefined;
}

/** A page in creation order (ties by id), with the total; `owners` undefined: every owner's, else these customers'. */
export async function listAssets(
  db: Queryable,
  page: number,
  size: number,
  owners?: readonly string[],
): Promise<{ rows: AssetRow[]; total: number }> {
  const filter = owners === undefined ? '' : 'WHERE customer_id = ANY($3::text[])';
  const params: unknown[] = [size, page * size, ...(owners === undefined ? [] : [owners])];
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

/** The content hashes of the assets of these ids (ids of no asset are left out). */
export async function contentHashesOf(db: Queryable, ids: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ contentHash: string }>(
    `SELECT DISTINCT content_hash AS "contentHash" FROM assets WHERE id = ANY($1::text[])`,
    [ids],
  );
  return rows.map((r) => r.contentHash);
}

/** Which of these content hashes some asset, of any owner, still holds. */
export async function contentHashesInUse(db: Queryable, hashes: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ contentHash: string }>(
    `SELECT DISTINCT content_hash AS "contentHash" FROM assets WHERE content_hash = ANY($1::text[])`,
    [hashes],
  );
  return new Set(rows.map((r) => r.contentHash));
}

/** Deletes the rows of these ids and answers the deleted ones. */
export async function deleteAssets(db: Queryable, ids: readonly string[]): Promise<AssetRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `DELETE FROM assets WHERE id = ANY($1::text[]) RETURNING ${COLUMNS}`,
    [ids],
  );
  return rows.map(row);
}

function lockKey(hash: string): string {
  return BigInt.asIntN(
    64,
    BigInt(`0x${createHash('sha256').update(`asset:${hash}`).digest('hex').slice(0, 16)}`),
  ).toString();
}

/**
 * Serialises, until the transaction ends, the finishing step of uploads and deletes of the same content (stored
 * objects are per content, across owners and instances). Keys are taken in one order, so two bulk deletes cannot
 * deadlock.
 */
export async function lockContent(tx: Queryable, hashes: readonly string[]): Promise<void> {
  const keys = [...new Set(hashes.map(lockKey))].sort();
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
