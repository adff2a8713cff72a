import type { Queryable } from '../../db/database.js';
import { newerMigrations } from '../../db/migrate.js';
import type { AnyResourceKind, UniqueKey } from '../declare/kind.js';
import { splitPath } from '../document/document-paths.js';
import { filterKeysSignature } from './filter-keys.js';

/** The index that serves a kind's filters, and the one of each declared storage feature, by name. */
export function docIndexName(table: string): string {
  return `${table}_doc_idx`;
}

export function uniqueIndexName(table: string, key: UniqueKey): string {
  return `${table}_${key.fields.map((field) => field.replace(/\W+/g, '_')).join('_')}_key`.toLowerCase();
}

/** `customerId` is the tenant column (operator records, with none, share the empty one); other fields are dot paths in the record. */
export function uniqueExpression(field: string): { expression: string; present?: string } {
  if (field === 'customerId') return { expression: `COALESCE(customer_id, '')` };
  const path = `'{${splitPath(field).join(',')}}'`;
  return { expression: `(doc #>> ${path})`, present: `doc #>> ${path} IS NOT NULL` };
}

/**
 * What a kind's declaration needs in the database: the record table (shared columns and the JSONB document), the
 * tenant index, the GIN index every equality filter uses (containment), and the tables, columns and indexes of its
 * storage features. Every statement is idempotent; field names come from declarations, never from input. Migrations
 * create them: `npm run migrations:generate` writes those a migration does not create yet (storage-ddl.ts).
 */
export interface StorageObject {
  /** The table or index it creates (`table.column` for a column). */
  name: string;
  sql: string;
}

export function storageObjects(definition: AnyResourceKind): StorageObject[] {
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
  // Every list of the console opens newest first (createDate, then id, descending): without these, a page of it
  // sorted all the matches (420 ms for the operator's first page of 100,000 products; 15-30 ms with them). The
  // operator's page reads the first backwards; one customer's page the second.
  add(`${table}_created_idx`, `CREATE INDEX IF NOT EXISTS ${table}_created_idx ON ${table} (create_date, id)`);
  add(
    `${table}_customer_created_idx`,
    `CREATE INDEX IF NOT EXISTS ${table}_customer_created_idx ON ${table} (customer_id, create_date, id)`,
  );
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
  // Every statement that writes the table appends a change for each owner it touched (record_changes, migration
  // 0025): a listing's count is cached under what its owners' changes say (store/listing-counts.ts).
  for (const trigger of generationTriggers(table)) add(trigger.name, trigger.sql);
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
  if (definition.words) {
    // Added empty: the service computes the words of rows stored before (ResourceService.indexMissingWords).
    add(`${table}.words`, `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS words tsvector`);
    add(`${table}_words_idx`, `CREATE INDEX IF NOT EXISTS ${table}_words_idx ON ${table} USING gin (words)`);
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

/**
 * The statement triggers that append to `record_changes` (the function is migration 0025's): one per event, as a
 * trigger with transition tables takes one event.
 */
function generationTriggers(table: string): StorageObject[] {
  const events = [
    ['insert', 'INSERT', 'NEW TABLE AS new_rows'],
    ['update', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
    ['delete', 'DELETE', 'OLD TABLE AS old_rows'],
  ] as const;
  return events.map(([event, on, referencing]) => ({
    name: `${table}_generation_${event}`,
    sql: `CREATE OR REPLACE TRIGGER ${table}_generation_${event} AFTER ${on} ON ${table} REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION record_generations_bump()`,
  }));
}

/** Tables and indexes (`name`), triggers (`name`) and columns (`table.column`) of the current schema. */
async function existingObjects(db: Queryable): Promise<Set<string>> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema()
     UNION ALL SELECT t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema() AND NOT t.tgisinternal
     UNION ALL SELECT table_name || '.' || column_name FROM information_schema.columns WHERE table_schema = current_schema()`,
  );
  return new Set(rows.map((row) => row.name));
}

/** What each `filter_keys` column's comment says its keys were made from (`filterKeysSignature`), by table. */
async function storedKeySignatures(db: Queryable): Promise<Map<string, string | null>> {
  const { rows } = await db.query<{ table: string; signature: string | null }>(
    `SELECT c.relname AS table, col_description(c.oid, a.attnum) AS signature
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
     WHERE n.nspname = current_schema() AND a.attname = 'filter_keys' AND NOT a.attisdropped`,
  );
  return new Map(rows.map((row) => [row.table, row.signature]));
}

/** What the database lacks of one kind's declared storage. */
interface StorageGap {
  kind: string;
  table: string;
  /** Tables, indexes (`name`) and columns (`table.column`) that do not exist. */
  missing: string[];
  /** The stored filter keys were made from other declarations (a filter added or changed, or none recorded). */
  staleKeys: boolean;
}

/**
 * The start-up check: what the declared kinds need and the database lacks. Migrations are the only writer of the
 * schema (`npm run migrations:generate` writes a kind's), so a gap means a migration is missing; nothing is created
 * here. Reads the catalogue only: no lock is taken.
 */
async function storageGaps(db: Queryable, definitions: AnyResourceKind[]): Promise<StorageGap[]> {
  const existing = await existingObjects(db);
  const signatures = await storedKeySignatures(db);
  return definitions
    .map((definition) => ({
      kind: definition.name,
      table: definition.table,
      missing: storageObjects(definition)
        .filter((object) => !existing.has(object.name))
        .map((object) => object.name),
      staleKeys: signatures.get(definition.table) !== filterKeysSignature(definition.filters),
    }))
    .filter((gap) => gap.missing.length > 0 || gap.staleKeys);
}

/** One line (start-up failures are one line on stderr) naming each kind, what it lacks, and what to do. */
function describeGaps(gaps: StorageGap[]): string {
  const each = gaps.map((gap) => {
    const what = [
      ...(gap.missing.length ? [`missing ${gap.missing.join(', ')}`] : []),
      ...(gap.staleKeys ? ['filter keys made from other declarations (a filter added or changed)'] : []),
    ];
    return `kind ${gap.kind} (table ${gap.table}): ${what.join('; ')}`;
  });
  return `the migrations do not create the storage the kinds declare — ${each.join(' | ')}: its migration is missing; run \`npm run migrations:generate -- <name>\` and commit the file it writes to migrations/`;
}

/**
 * Fails the start when the database lacks storage a declared kind needs. Keys made from other declarations in a
 * database that newer code migrated (a rollback, an older instance during a rolling deploy) are reported and
 * tolerated: the newer code's migration made them, and they serve this code's filters that the newer declarations
 * kept as they were.
 */
export async function checkStorage(
  db: Queryable,
  definitions: AnyResourceKind[],
  warn: (message: string) => void,
): Promise<void> {
  const gaps = await storageGaps(db, definitions);
  if (gaps.length === 0) return;
  const newer = await newerMigrations(db);
  const fatal = newer.length ? gaps.filter((gap) => gap.missing.length > 0) : gaps;
  if (fatal.length) throw new Error(describeGaps(fatal));
  warn(
    `the database was migrated by newer code (${newer.join(', ')}): filter keys of ${gaps.map((gap) => gap.kind).join(', ')} were made from its declarations`,
  );
}
