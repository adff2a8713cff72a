import type { Database, Queryable } from '../db/database.js';
import { migrationLockKey } from '../db/migrate.js';
import { type Doc, splitPath } from './document-paths.js';
import { filterKeysOf, filterKeysSignature } from './filter-keys.js';
import type { AnyResourceDefinition, UniqueKey } from './resource-definition.js';

/** The index that serves a kind's filters, and the one of each declared storage feature, by name. */
export function docIndexName(table: string): string {
  return `${table}_doc_idx`;
}

export function uniqueIndexName(table: string, key: UniqueKey): string {
  return `${table}_${key.fields.map((field) => field.replace(/\W+/g, '_')).join('_')}_key`.toLowerCase();
}

/** `customerId` is the tenant column (operator records, with none, share the empty one); other fields are dot paths in the record. */
function uniqueExpression(field: string): { expression: string; present?: string } {
  if (field === 'customerId') return { expression: `COALESCE(customer_id, '')` };
  const path = `'{${splitPath(field).join(',')}}'`;
  return { expression: `(doc #>> ${path})`, present: `doc #>> ${path} IS NOT NULL` };
}

/**
 * What a kind's declaration needs in the database: the record table (shared columns and the JSONB document), the
 * tenant index, the GIN index every equality filter uses (containment), and the tables, columns and indexes of its
 * storage features. Every statement is idempotent; field names come from declarations, never from input.
 */
export interface StorageObject {
  /** The table or index it creates (`table.column` for a column). */
  name: string;
  sql: string;
}

export function storageObjects(definition: AnyResourceDefinition): StorageObject[] {
  const { table } = definition;
  const objects: StorageObject[] = [];
  const add = (name: string, sql: string) => objects.push({ name, sql });
  add(
    table,
    `CREATE TABLE IF NOT EXISTS ${table} (
  id text PRIMARY KEY,
  customer_id text,
  db_version integer NOT NULL DEFAULT 0,
  create_date timestamptz NOT NULL,
  update_date timestamptz NOT NULL,
  doc jsonb NOT NULL
)`,
  );
  // One tenant's records in id (creation) order, the default order: one customer's page is read in index order and
  // stops at its last row.
  add(`${table}_customer_idx`, `CREATE INDEX IF NOT EXISTS ${table}_customer_idx ON ${table} (customer_id, id)`);
  add(
    docIndexName(table),
    `CREATE INDEX IF NOT EXISTS ${docIndexName(table)} ON ${table} USING gin (doc jsonb_path_ops)`,
  );
  // Each record's filter keys (filter-keys.ts), which listings restricted to customers match.
  add(`${table}.filter_keys`, `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS filter_keys text[] NOT NULL DEFAULT '{}'`);
  add(
    `${table}_filter_keys_idx`,
    `CREATE INDEX IF NOT EXISTS ${table}_filter_keys_idx ON ${table} USING gin (filter_keys)`,
  );
  if (definition.history) {
    add(
      `${table}_history`,
      `CREATE TABLE IF NOT EXISTS ${table}_history (
  id text NOT NULL,
  version integer NOT NULL,
  customer_id text,
  changed_at timestamptz NOT NULL,
  doc jsonb NOT NULL,
  PRIMARY KEY (id, version)
)`,
    );
  }
  if (definition.search) {
    add(`${table}.search`, `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS search tsvector`);
    add(`${table}_search_idx`, `CREATE INDEX IF NOT EXISTS ${table}_search_idx ON ${table} USING gin (search)`);
  }
  for (const key of definition.unique) {
    const parts = key.fields.map(uniqueExpression);
    const present = parts.flatMap((part) => (part.present ? [part.present] : []));
    const where = present.length ? ` WHERE ${present.join(' AND ')}` : '';
    const name = uniqueIndexName(table, key);
    add(
      name,
      `CREATE UNIQUE INDEX IF NOT EXISTS ${name} ON ${table} (${parts.map((part) => part.expression).join(', ')})${where}`,
    );
  }
  for (const index of definition.indexes ?? []) {
    const name = `${table}_${index.name}_idx`;
    add(
      name,
      `CREATE INDEX IF NOT EXISTS ${name} ON ${table} (${index.expression})${index.where ? ` WHERE ${index.where}` : ''}`,
    );
  }
  return objects;
}

/** Tables and indexes (`name`) and columns (`table.column`) of the current schema. */
async function existingObjects(db: Queryable): Promise<Set<string>> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema()
     UNION ALL SELECT table_name || '.' || column_name FROM information_schema.columns WHERE table_schema = current_schema()`,
  );
  return new Set(rows.map((row) => row.name));
}

/** The kinds whose stored filter keys were made from other declarations (or none, in a column just added). */
async function staleFilterKeys(db: Queryable, definitions: AnyResourceDefinition[]): Promise<AnyResourceDefinition[]> {
  const { rows } = await db.query<{ table: string; signature: string | null }>(
    `SELECT c.relname AS table, col_description(c.oid, a.attnum) AS signature
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
     WHERE n.nspname = current_schema() AND a.attname = 'filter_keys' AND NOT a.attisdropped`,
  );
  const stored = new Map(rows.map((row) => [row.table, row.signature]));
  return definitions.filter((definition) => stored.get(definition.table) !== filterKeysSignature(definition.filters));
}

const KEY_BATCH = 500;

/**
 * Recomputes every record's filter keys, in id order and in batches, then records the declarations they were made
 * from as the column's comment. Runs under the migration lock, before the instance serves.
 */
async function refreshFilterKeys(tx: Queryable, definition: AnyResourceDefinition): Promise<void> {
  const { table, filters } = definition;
  let after = '';
  for (;;) {
    const { rows } = await tx.query<{ id: string; customer_id: string | null; doc: Doc }>(
      `SELECT id, customer_id, doc FROM ${table} WHERE id > $1 ORDER BY id LIMIT ${KEY_BATCH}`,
      [after],
    );
    if (rows.length === 0) break;
    const keys = rows.map((row) => ({ id: row.id, keys: filterKeysOf(filters, row.customer_id, row.doc) }));
    await tx.query(
      `UPDATE ${table} AS t SET filter_keys = ARRAY(SELECT jsonb_array_elements_text(k.keys))
       FROM jsonb_to_recordset($1::jsonb) AS k(id text, keys jsonb) WHERE t.id = k.id`,
      [JSON.stringify(keys)],
    );
    after = rows[rows.length - 1]!.id;
  }
  // COMMENT takes no parameters; the signature is hex.
  await tx.query(`COMMENT ON COLUMN ${table}.filter_keys IS '${filterKeysSignature(filters)}'`);
}

/**
 * Creates what the declared kinds need and is missing, after the migrations and under their lock, so instances
 * starting together do it once, and recomputes filter keys made from other declarations. What exists is left alone
 * (no lock taken on a busy table). A feature removed from a declaration is not dropped: that is a migration's job.
 */
export async function ensureStorage(
  db: Database,
  schema: string,
  definitions: AnyResourceDefinition[],
): Promise<string[]> {
  const wanted = definitions.flatMap(storageObjects);
  const missingFrom = (existing: Set<string>) => wanted.filter((object) => !existing.has(object.name));
  if (missingFrom(await existingObjects(db)).length === 0 && (await staleFilterKeys(db, definitions)).length === 0)
    return [];
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${migrationLockKey(schema)})`);
    const missing = missingFrom(await existingObjects(tx));
    for (const object of missing) await tx.query(object.sql);
    for (const definition of await staleFilterKeys(tx, definitions)) await refreshFilterKeys(tx, definition);
    return missing.map((object) => object.name);
  });
}
