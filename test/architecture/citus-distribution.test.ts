import { afterAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/platform/db/database.js';
import {
  DISTRIBUTION_COLUMN,
  KNOWN_EXCEPTIONS,
  TABLE_PLACEMENT,
  type TablePlacement,
} from '../../src/platform/db/table-distribution.js';
import { type MigratedDatabase, migratedDatabase } from '../support/migrated-database.js';

/**
 * The schema after every migration, read from the database's catalogue, against the placement of
 * src/platform/db/table-distribution.ts and the rules Citus enforces when tables are distributed on customer_id
 * (docs/scaling.md): every table placed; a distributed table has the column, and each of its unique keys (primary
 * key included) holds it as a plain column; a foreign key between distributed tables pairs customer_id with
 * customer_id; no foreign key points from a reference table to another kind of table, nor between local and
 * distributed tables.
 */
interface UniqueKey {
  table: string;
  index: string;
  columns: string[];
}
interface ForeignKey {
  table: string;
  name: string;
  referenced: string;
  columns: string[];
  referencedColumns: string[];
}

async function catalogue(db: Queryable) {
  const tables = await db.query<{ name: string; has_column: boolean }>(
    `SELECT t.table_name AS name, EXISTS (SELECT 1 FROM information_schema.columns c
       WHERE c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.column_name = $1) AS has_column
     FROM information_schema.tables t WHERE t.table_schema = current_schema() AND t.table_type = 'BASE TABLE'`,
    [DISTRIBUTION_COLUMN],
  );
  // Expression columns (attnum 0) name no column: an index on COALESCE(customer_id, '') does not hold customer_id.
  const uniqueKeys = await db.query<UniqueKey>(
    `SELECT t.relname::text AS table, i.relname::text AS index,
       ARRAY(SELECT a.attname::text FROM unnest(x.indkey::int2[]) AS k(n)
             JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.n) AS columns
     FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
     WHERE t.relnamespace = current_schema()::regnamespace AND x.indisunique`,
  );
  const columnsOf = (table: string, numbers: string) =>
    `ARRAY(SELECT a.attname::text FROM unnest(${numbers}) WITH ORDINALITY AS k(n, o)
           JOIN pg_attribute a ON a.attrelid = ${table} AND a.attnum = k.n ORDER BY k.o)`;
  const foreignKeys = await db.query<ForeignKey>(
    `SELECT c.conrelid::regclass::text AS table, c.conname::text AS name, c.confrelid::regclass::text AS referenced,
       ${columnsOf('c.conrelid', 'c.conkey')} AS columns,
       ${columnsOf('c.confrelid', 'c.confkey')} AS "referencedColumns"
     FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
  );
  return { tables: tables.rows, uniqueKeys: uniqueKeys.rows, foreignKeys: foreignKeys.rows };
}

/** Foreign keys Citus accepts between placements (referencing → referenced); distributed → distributed: see below. */
const FOREIGN_KEYS_ALLOWED: Record<TablePlacement, TablePlacement[]> = {
  distributed: ['distributed', 'reference'],
  reference: ['reference'],
  local: ['local', 'reference'],
};

/** Every break of the rules in the schema of `db`, under `placement`, by its name in KNOWN_EXCEPTIONS. */
async function breaksOf(db: Queryable, placement: Record<string, TablePlacement>): Promise<string[]> {
  const { tables, uniqueKeys, foreignKeys } = await catalogue(db);
  const breaks: string[] = [];
  const distributed = (table: string) => placement[table] === 'distributed';
  for (const table of tables) {
    if (!placement[table.name]) breaks.push(`${table.name} is not placed`);
    else if (distributed(table.name) && !table.has_column) breaks.push(`${table.name} has no ${DISTRIBUTION_COLUMN}`);
  }
  for (const key of uniqueKeys)
    if (distributed(key.table) && !key.columns.includes(DISTRIBUTION_COLUMN))
      breaks.push(`${key.table} unique ${key.index}`);
  for (const key of foreignKeys) {
    const from = placement[key.table];
    const to = placement[key.referenced];
    if (!from || !to) continue;
    const paired = key.columns.some(
      (column, i) => column === DISTRIBUTION_COLUMN && key.referencedColumns[i] === DISTRIBUTION_COLUMN,
    );
    if (!FOREIGN_KEYS_ALLOWED[from].includes(to) || (from === 'distributed' && to === 'distributed' && !paired))
      breaks.push(`${key.table} foreign key ${key.name}`);
  }
  return breaks.sort();
}

const opened: MigratedDatabase[] = [];
async function fresh(): Promise<MigratedDatabase> {
  const database = await migratedDatabase();
  opened.push(database);
  return database;
}
afterAll(async () => {
  for (const database of opened) await database.drop();
});

describe('the schema, sharded by customer on Citus (docs/scaling.md)', () => {
  it('places every table, and no table that is gone', async () => {
    const { db } = await fresh();
    const { tables } = await catalogue(db);
    const names = tables.map((table) => table.name).sort();
    expect(names.filter((name) => !TABLE_PLACEMENT[name])).toEqual([]);
    expect(Object.keys(TABLE_PLACEMENT).filter((name) => !names.includes(name))).toEqual([]);
  });

  it('breaks no rule of Citus but the known exceptions, each still a break and with its reason', async () => {
    const { db } = await fresh();
    const breaks = await breaksOf(db, TABLE_PLACEMENT);
    expect(breaks.filter((name) => !(name in KNOWN_EXCEPTIONS))).toEqual([]);
    expect(Object.keys(KNOWN_EXCEPTIONS).filter((name) => !breaks.includes(name))).toEqual([]);
    for (const [name, reason] of Object.entries(KNOWN_EXCEPTIONS)) expect(reason.length, name).toBeGreaterThan(20);
  });

  it('names each kind of break: an unplaced table, a key without customer_id, an unpaired or misplaced foreign key', async () => {
    const { db } = await fresh();
    await db.query(`CREATE TABLE shard_parents (customer_id text NOT NULL, id text, PRIMARY KEY (customer_id, id))`);
    await db.query(`CREATE TABLE shard_lookups (code text PRIMARY KEY)`);
    await db.query(`CREATE TABLE shard_children (
      customer_id text NOT NULL, id text NOT NULL, parent_id text, code text REFERENCES shard_lookups (code),
      PRIMARY KEY (customer_id, id), UNIQUE (id),
      CONSTRAINT shard_children_paired_fkey FOREIGN KEY (customer_id, parent_id) REFERENCES shard_parents (customer_id, id),
      CONSTRAINT shard_children_unpaired_fkey FOREIGN KEY (parent_id, customer_id) REFERENCES shard_parents (customer_id, id))`);
    await db.query(`CREATE TABLE shard_orphans (id text PRIMARY KEY)`);
    const placement: Record<string, TablePlacement> = {
      ...TABLE_PLACEMENT,
      shard_parents: 'distributed',
      shard_children: 'distributed',
      shard_lookups: 'local',
    };
    const breaks = (await breaksOf(db, placement)).filter((name) => name.startsWith('shard_'));
    expect(breaks).toEqual([
      'shard_children foreign key shard_children_code_fkey',
      'shard_children foreign key shard_children_unpaired_fkey',
      'shard_children unique shard_children_id_key',
      'shard_orphans is not placed',
    ]);
  });
});
