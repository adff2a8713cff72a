import type { Principal } from '../../../platform/auth/principal.js';
import type { Database, Queryable, Transaction } from '../../../platform/db/database.js';
import { firstIdAt } from '../../../platform/ids.js';
import { type FairQueueTable, fairPick, runFairPick } from '../../../platform/jobs/fair-claim.js';
import type { Doc } from '../../../platform/resource/declare.js';
import { documentAssignments } from '../../../platform/resource/repository-sql.js';
import { productImportKind } from './product-import.kind.js';
import { IMPORT_WAITING } from './product-import.repository.js';
import type { ImportError } from './product-import.schema.js';

/** A row of the file as staged by the upload: the product body, or why the line could not be read. */
export interface StagedRow {
  line: number;
  body: Doc | null;
  problem: { field: string; message: string } | null;
}

/** Stores a piece of an upload's rows (the rows one chunk of the job takes), as it arrives: one row, its rows as text. */
export async function stagePiece(db: Queryable, importId: string, rows: StagedRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query('INSERT INTO product_import_pieces (import_id, first_line, rows) VALUES ($1, $2, $3)', [
    importId,
    rows[0]!.line,
    JSON.stringify(rows),
  ]);
}

/** Forgets the rows of an import (an upload that failed half-way, a cancelled import). */
export async function dropRows(db: Queryable, importId: string): Promise<void> {
  await db.query('DELETE FROM product_import_pieces WHERE import_id = $1', [importId]);
}

/** The first piece of an import's rows left, and whether another follows it. */
export async function firstPiece(
  tx: Transaction,
  importId: string,
): Promise<{ firstLine: number; rows: StagedRow[]; more: boolean } | undefined> {
  const { rows } = await tx.query<{ first_line: number; rows: string; more: boolean }>(
    `SELECT first_line, rows, EXISTS (
       SELECT 1 FROM product_import_pieces AS later WHERE later.import_id = piece.import_id AND later.first_line > piece.first_line
     ) AS more
     FROM product_import_pieces AS piece WHERE import_id = $1 ORDER BY first_line LIMIT 1`,
    [importId],
  );
  const piece = rows[0];
  // Written by stagePiece from rows the upload parsed (keys such as __proto__ refused there): plain JSON.
  return piece && { firstLine: piece.first_line, rows: JSON.parse(piece.rows) as StagedRow[], more: piece.more };
}

/** A piece done leaves the table in the transaction that stored its rows: a restart resumes at the first piece left. */
export async function dropPiece(tx: Transaction, importId: string, firstLine: number): Promise<void> {
  await tx.query('DELETE FROM product_import_pieces WHERE import_id = $1 AND first_line = $2', [importId, firstLine]);
}

export async function recordErrors(tx: Transaction, importId: string, errors: ImportError[]): Promise<void> {
  if (errors.length === 0) return;
  await tx.query(
    `INSERT INTO product_import_errors (import_id, line, field, message)
     SELECT $1, e.line, e.field, e.message FROM jsonb_to_recordset($2::jsonb) AS e(line int, field text, message text)
     ON CONFLICT (import_id, line) DO NOTHING`,
    [importId, JSON.stringify(errors)],
  );
}

export async function listErrors(
  db: Queryable,
  importId: string,
  page: number,
  size: number,
): Promise<{ items: ImportError[]; total: number }> {
  const { rows } = await db.query<ImportError & { total: number }>(
    `SELECT line, field, message, count(*) OVER ()::int AS total FROM product_import_errors
     WHERE import_id = $1 ORDER BY line LIMIT $2 OFFSET $3`,
    [importId, size, page * size],
  );
  if (rows.length > 0 || page === 0)
    return { items: rows.map(({ line, field, message }) => ({ line, field, message })), total: rows[0]?.total ?? 0 };
  const counted = await db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM product_import_errors WHERE import_id = $1',
    [importId],
  );
  return { items: [], total: counted.rows[0]?.total ?? 0 };
}

/** Who uploaded: the job writes each row as that caller (tenant rules, the actor of every change). */
export async function keepUploader(tx: Transaction, importId: string, principal: Principal): Promise<void> {
  const { scopes, ...rest } = principal;
  await tx.query('INSERT INTO product_import_uploaders (import_id, principal) VALUES ($1, $2::jsonb)', [
    importId,
    JSON.stringify({ ...rest, scopes: [...scopes] }),
  ]);
}

export async function uploaderOf(tx: Transaction, importId: string): Promise<Principal | undefined> {
  const { rows } = await tx.query<{ principal: Omit<Principal, 'scopes'> & { scopes: string[] } }>(
    'SELECT principal FROM product_import_uploaders WHERE import_id = $1',
    [importId],
  );
  const stored = rows[0]?.principal;
  return stored && Object.freeze({ ...stored, scopes: new Set(stored.scopes) });
}

export async function forgetUploader(tx: Transaction, importId: string): Promise<void> {
  await tx.query('DELETE FROM product_import_uploaders WHERE import_id = $1', [importId]);
}

/** The import, locked for one chunk of work, when the job still works on it and no other process holds it. */
export async function lockWaiting(
  tx: Transaction,
  importId: string,
): Promise<{ doc: Doc; customer_id: string | null; db_version: number } | undefined> {
  const { rows } = await tx.query<{ doc: Doc; customer_id: string | null; db_version: number }>(
    `SELECT doc, customer_id, db_version FROM product_imports WHERE id = $1 AND ${IMPORT_WAITING} FOR UPDATE SKIP LOCKED`,
    [importId],
  );
  return rows[0];
}

/** Imports the job still works on, a tenant's oldest first (the kind's `waiting` index). */
const IMPORT_QUEUE: FairQueueTable = {
  table: 'product_imports',
  waiting: IMPORT_WAITING,
  due: 'true',
  order: ['id'],
  lock: false,
};

const WAITING_IMPORTS = `${fairPick(IMPORT_QUEUE, { after: '$1', tenants: '$2', perTenant: '1', busy: '$3', limit: '$4' })}
  SELECT picked.id, picked.owner_key, walk.walked_to, walk.walked FROM walk LEFT JOIN picked ON true ORDER BY picked.id`;

/**
 * One waiting import of each of up to `tenants` tenants not `busy`, in turn after `after` (fairPick), read without a
 * lock: the chunk that works on one locks it (lockWaiting). Answers them and where the tenants' walk stopped.
 */
export async function waitingImports(
  db: Database,
  round: { after: string; tenants: number; busy: readonly string[]; limit: number },
): Promise<{ imports: { id: string; owner: string }[]; walkedTo: string | null; walked: number }> {
  const { rows } = await runFairPick<{
    id: string | null;
    owner_key: string;
    walked_to: string | null;
    walked: number;
  }>(db, WAITING_IMPORTS, [round.after, round.tenants, [...round.busy], round.limit]);
  return {
    imports: rows.flatMap((row) => (row.id ? [{ id: row.id, owner: row.owner_key }] : [])),
    walkedTo: rows[0]?.walked_to ?? null,
    walked: rows[0]?.walked ?? 0,
  };
}

/** Writes the job's progress into the import record (`patch` over its document): a new version, no event. */
export async function saveProgress(tx: Transaction, importId: string, patch: Doc, now: Date): Promise<void> {
  const assignments = documentAssignments(productImportKind, {
    doc: '(doc || $2::jsonb)',
    dbVersion: 'db_version + 1',
    updateDate: '$3::timestamptz',
    owner: 'customer_id',
  });
  await tx.query(`UPDATE product_imports SET ${assignments} WHERE id = $1`, [
    importId,
    JSON.stringify(patch),
    now.toISOString(),
  ]);
}

/**
 * Deletes, `batch` pieces a statement, the staged pieces and uploaders of uploads begun before `before` that never
 * became an import (the process died while reading the file). Answers how many pieces it deleted.
 */
export async function purgeOrphanedRows(db: Queryable, before: Date, batch = 500): Promise<number> {
  const older = firstIdAt(before);
  let deleted = 0;
  for (;;) {
    const { rowCount } = await db.query(
      `DELETE FROM product_import_pieces WHERE (import_id, first_line) IN (
         SELECT p.import_id, p.first_line FROM product_import_pieces p
         WHERE p.import_id < $1 AND NOT EXISTS (SELECT 1 FROM product_imports i WHERE i.id = p.import_id)
         LIMIT $2)`,
      [older, batch],
    );
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < batch) break;
  }
  await db.query(
    `DELETE FROM product_import_uploaders u
     WHERE u.import_id < $1 AND NOT EXISTS (SELECT 1 FROM product_imports i WHERE i.id = u.import_id)`,
    [older],
  );
  return deleted;
}
