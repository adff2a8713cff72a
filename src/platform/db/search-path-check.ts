import type { Queryable } from './database.js';

/** The connections do not put DATABASE_SCHEMA first: start-up stops rather than write into another schema. */
export class SearchPathError extends Error {}

/**
 * The service names its tables without a schema and relies on each connection's search_path, which it asks for in
 * the `options` startup parameter. A pooler may drop that parameter (pgbouncer 1.18 in transaction mode only ignores
 * it, with `ignore_startup_parameters = options`): then tables would silently land in `public`. Run once the schema
 * exists (an absent schema is skipped by `current_schema()`).
 */
export async function checkSearchPath(db: Queryable, schema: string): Promise<void> {
  const { rows } = await db.query<{ schema: string | null }>('SELECT current_schema() AS schema');
  const actual = rows[0]?.schema ?? null;
  if (actual === schema) return;
  throw new SearchPathError(
    `the database connections use schema ${actual === null ? '(none)' : `"${actual}"`}, not DATABASE_SCHEMA "${schema}": ` +
      `a connection pooler that drops the options startup parameter must set it itself (pgbouncer: connect_query='SET search_path TO "${schema}"')`,
  );
}
