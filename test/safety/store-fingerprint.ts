import type { Database } from '../../src/platform/db/database.js';

/**
 * What the database holds, table by table: the row count and the newest row version (`xmin`, the transaction that
 * wrote it), so an insert, a delete or an update all show. Compared before and after a refused request, it shows the
 * request stored nothing. Tables are read from the catalogue, so a table added later is watched without being named.
 */
export type Fingerprint = Record<string, string>;

export async function tablesOf(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

export async function fingerprint(db: Database, tables: string[]): Promise<Fingerprint> {
  const columns = tables.map(
    (table) => `(SELECT count(*) || ':' || coalesce(max(xmin::text::bigint), 0) FROM "${table}") AS "${table}"`,
  );
  const { rows } = await db.query<Fingerprint>(`SELECT ${columns.join(', ')}`);
  return rows[0]!;
}

/** Tables whose digest differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(after).filter((table) => before[table] !== after[table]);
}
