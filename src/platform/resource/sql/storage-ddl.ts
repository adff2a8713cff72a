import { randomBytes } from 'node:crypto';
import { type Database, discardableTransaction, type Queryable } from '../../db/database.js';
import type { AnyResourceKind } from '../declare/kind.js';
import { filterKeysSignature, filterKeysSql } from './filter-keys.js';
import { type StorageObject, storageObjects } from './storage-objects.js';

/**
 * The storage DDL of the declared kinds, generated into migrations (`npm run migrations:generate`), and the check that
 * the migrations create it: a kind's tables, columns and indexes as `storageObjects` declares them (same names, same
 * definitions), and filter keys made from its declared filters. Identifiers come from declarations, never from input.
 */

/**
 * Recomputes a table's filter keys when its `filter_keys` comment names other declarations (or none), then records
 * these. Keys made from these declarations are left alone (the condition holds no column: PostgreSQL tests it once),
 * so a database whose start-up already refreshed them (before migrations owned the schema) keeps its rows untouched.
 * PostgreSQL computes the keys exactly as the engine does (`filterKeysSql`, held equal by a test).
 */
export function filterKeysRefresh(definition: AnyResourceKind): StorageObject[] {
  const { table, filters } = definition;
  const signature = filterKeysSignature(filters);
  const madeFrom = `col_description('${table}'::regclass, (SELECT attnum FROM pg_attribute WHERE attrelid = '${table}'::regclass AND attname = 'filter_keys'))`;
  // One filter's keys a line, for the reader of the migration.
  const keys = filterKeysSql(filters, 'doc', 'customer_id').replaceAll(' UNION ALL ', '\n   UNION ALL ');
  return [
    {
      name: `${table}.filter_keys (keys)`,
      sql: `UPDATE ${table} SET filter_keys = ${keys}\n WHERE ${madeFrom} IS DISTINCT FROM '${signature}'`,
    },
    // COMMENT takes no parameters; the signature is hex.
    { name: `${table}.filter_keys (signature)`, sql: `COMMENT ON COLUMN ${table}.filter_keys IS '${signature}'` },
  ];
}

/** Every statement a kind's storage needs, on a database that holds none of it or all of it (each is idempotent). */
export function storageStatements(definition: AnyResourceKind): string[] {
  return [...storageObjects(definition), ...filterKeysRefresh(definition)].map((object) => object.sql);
}

/**
 * What the catalogue says of the current schema's `tables`, one entry per fact: `table t`, `column t.c` (type, NOT NULL,
 * default), `primary key t`, `index i` (its definition, the schema left out) and `comment t.c`.
 */
async function describeTables(db: Queryable, tables: string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ key: string; value: string | null }>(
    `WITH t AS (SELECT c.oid, c.relname, n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname = ANY($1::text[]))
     SELECT 'table ' || t.relname AS key, 'exists' AS value FROM t
     UNION ALL SELECT 'column ' || t.relname || '.' || a.attname,
       format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '')
       FROM t JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum > 0 AND NOT a.attisdropped
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     UNION ALL SELECT 'comment ' || t.relname || '.' || a.attname, col_description(t.oid, a.attnum)
       FROM t JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum > 0 AND NOT a.attisdropped
     UNION ALL SELECT 'primary key ' || t.relname, pg_get_constraintdef(k.oid) FROM t JOIN pg_constraint k ON k.conrelid = t.oid AND k.contype = 'p'
     UNION ALL SELECT 'index ' || i.relname, replace(pg_get_indexdef(x.indexrelid), ' ON ' || quote_ident(t.nspname) || '.', ' ON ')
       FROM t JOIN pg_index x ON x.indrelid = t.oid JOIN pg_class i ON i.oid = x.indexrelid
     UNION ALL SELECT 'trigger ' || g.tgname, replace(pg_get_triggerdef(g.oid), ' ON ' || quote_ident(t.nspname) || '.', ' ON ')
       FROM t JOIN pg_trigger g ON g.tgrelid = t.oid AND NOT g.tgisinternal`,
    [tables],
  );
  return new Map(rows.map((row) => [row.key, row.value ?? '']));
}

const tablesOf = (definitions: AnyResourceKind[]) => [
  ...new Set(definitions.flatMap((d) => [d.table, `${d.table}_history`])),
];

/**
 * What the declarations' statements make on an empty schema: made in a schema of its own inside a transaction that is
 * rolled back, so nothing stays.
 */
async function declaredCatalogue(db: Database, definitions: AnyResourceKind[]): Promise<Map<string, string>> {
  return discardableTransaction(db, async (tx, discard) => {
    const scratch = `declared_${randomBytes(6).toString('hex')}`;
    const { rows } = await tx.query<{ schema: string }>('SELECT current_schema() AS schema');
    await tx.query(`CREATE SCHEMA ${scratch}`);
    // The migrations' own schema after it: the kinds' triggers call a function a migration made (0025).
    await tx.query(`SET LOCAL search_path TO ${scratch}, "${rows[0]!.schema}"`);
    for (const statement of definitions.flatMap(storageStatements)) await tx.query(statement);
    const described = await describeTables(tx, tablesOf(definitions));
    discard();
    return described;
  });
}

/** A statement for the next migration, and the kind and object it is for. */
export interface PendingStatement {
  kind: string;
  object: string;
  sql: string;
}

/** The migrations create something a declaration also names, but differently, in a way no generated statement may change. */
export class StorageConflict extends Error {}

/** The catalogue entries an object's statement makes: a table's columns (but those its own objects add) and key. */
function factsOf(object: StorageObject, objects: StorageObject[], declared: Map<string, string>): string[] {
  if (/^CREATE TABLE/.test(object.sql)) {
    const added = new Set(objects.map((other) => `column ${other.name}`));
    const columns = [...declared.keys()].filter((key) => key.startsWith(`column ${object.name}.`) && !added.has(key));
    return [`table ${object.name}`, ...columns, `primary key ${object.name}`];
  }
  if (/^CREATE OR REPLACE TRIGGER/.test(object.sql)) return [`trigger ${object.name}`];
  return [/^ALTER TABLE/.test(object.sql) ? `column ${object.name}` : `index ${object.name}`];
}

/**
 * What one kind needs that `existing` lacks, in declaration order: each missing object's statement; an index defined
 * otherwise is dropped and made again (an index holds no data of its own); keys made from other declarations are
 * recomputed. A table or column that exists with another shape is a conflict for a hand-written migration.
 */
function pendingFor(
  definition: AnyResourceKind,
  declared: Map<string, string>,
  existing: Map<string, string>,
  conflicts: string[],
): PendingStatement[] {
  const objects = storageObjects(definition);
  const pending: PendingStatement[] = [];
  const add = (object: StorageObject, sql = object.sql) =>
    pending.push({ kind: definition.name, object: object.name, sql });
  for (const object of objects) {
    const [exists, ...shape] = factsOf(object, objects, declared);
    if (!existing.has(exists!)) {
      add(object);
      continue;
    }
    for (const fact of [exists!, ...shape]) {
      if (existing.get(fact) === declared.get(fact)) continue;
      if (fact.startsWith('index ')) {
        add(object, `DROP INDEX IF EXISTS ${object.name}`);
        add(object);
      } else if (fact.startsWith('trigger ')) add(object);
      else
        conflicts.push(
          `kind ${definition.name}: ${fact} is ${existing.get(fact) ?? 'missing'}, declared ${declared.get(fact)}`,
        );
    }
  }
  const comment = `comment ${definition.table}.filter_keys`;
  if (existing.get(comment) !== declared.get(comment)) for (const object of filterKeysRefresh(definition)) add(object);
  return pending;
}

/**
 * The statements the next migration needs so that the current schema (the migrations applied) holds every declared
 * kind's storage, in the kinds' order, then each kind's objects in declaration order; none when the migrations and the
 * declarations agree. Throws a StorageConflict when the migrations made an object otherwise than declared.
 */
export async function pendingStorage(db: Database, definitions: AnyResourceKind[]): Promise<PendingStatement[]> {
  const declared = await declaredCatalogue(db, definitions);
  const existing = await describeTables(db, tablesOf(definitions));
  const conflicts: string[] = [];
  const pending = definitions.flatMap((definition) => pendingFor(definition, declared, existing, conflicts));
  if (conflicts.length)
    throw new StorageConflict(
      `the migrations create storage otherwise than declared; write a migration by hand: ${conflicts.join('; ')}`,
    );
  return pending;
}

/**
 * The text of a migration holding `pending`, kind by kind. Every statement is idempotent, so the migration is right
 * on a fresh database and on one whose start-up already made the storage (before migrations owned the schema).
 */
export function migrationText(pending: PendingStatement[]): string {
  const header = [
    '-- The storage the kinds declare and the migrations before this one do not create, written by',
    '-- `npm run migrations:generate` from the declarations (src/platform/resource/sql/storage-ddl.ts). Every statement is',
    '-- idempotent (IF NOT EXISTS; filter keys recomputed only where they were made from other declarations), so a',
    '-- database whose start-up made this storage before migrations owned the schema (issue 24) migrates cleanly.',
  ];
  const sections = [...new Set(pending.map((statement) => statement.kind))].map((kind) => {
    const statements = pending.filter((statement) => statement.kind === kind).map((statement) => `${statement.sql};`);
    return [`-- Kind \`${kind}\``, ...statements].join('\n');
  });
  return `${[header.join('\n'), ...sections].join('\n\n')}\n`;
}
