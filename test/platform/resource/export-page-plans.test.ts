import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiModules } from '../../../src/apis/index.js';
import type { TenantScope } from '../../../src/platform/auth/principal.js';
import { inIndexOrder } from '../../../src/platform/db/index-order.js';
import type { ListingQuery } from '../../../src/platform/resource/declare/listing.js';
import { jsonAfter, listAfter, type Statement } from '../../../src/platform/resource/sql/statements.js';
import { type MigratedDatabase, migratedDatabase } from '../../support/migrated-database.js';

/**
 * An export reads its matches a page at a time after the last id sent (`jsonAfter`, `listAfter`; the engine's
 * `batches` and `jsonLines`). Right after a large import the table's statistics are often those of an empty one:
 * the planner then reads every later match of the customer through a bitmap and sorts them, on every page (an
 * export of 1,000,000 rows: a million rows read a thousand times). Under `inIndexOrder` each page walks the id
 * index and stops at its size, for every declared kind.
 */
const declared = apiModules.flatMap((module) => module.kinds);
/** Kinds whose table takes a record with the shared columns only (a few have columns of their own to fill). */
let kinds: typeof declared = [];
const CUSTOMER = 'customer-export';
const ONE_CUSTOMER: TenantScope = { all: false, customerIds: [CUSTOMER], operatorRecords: false };
const ROWS = 3000;
const PAGE: ListingQuery = { page: 0, size: 100, sort: [], filters: [], targets: [] };

type PlanNode = { 'Relation Name'?: string; 'Actual Rows'?: number; 'Actual Loops'?: number; Plans?: PlanNode[] };

/** The most rows any step of `plan` read from `table`. */
function mostRowsRead(plan: PlanNode, table: string): number {
  const own = plan['Relation Name'] === table ? (plan['Actual Rows'] ?? 0) * (plan['Actual Loops'] ?? 1) : 0;
  return Math.max(own, ...(plan.Plans ?? []).map((child) => mostRowsRead(child, table)));
}

let fresh: MigratedDatabase;
beforeAll(async () => {
  fresh = await migratedDatabase();
  const { rows } = await fresh.db.query<{ table: string }>(
    `SELECT DISTINCT table_name AS table FROM information_schema.columns
     WHERE table_schema = current_schema() AND is_nullable = 'NO' AND column_default IS NULL
       AND column_name <> ALL(ARRAY['id', 'create_date', 'update_date', 'doc'])`,
  );
  const ownColumns = new Set(rows.map((row) => row.table));
  kinds = declared.filter((kind) => !ownColumns.has(kind.table));
  // Statistics of empty tables, then ROWS records of one customer in each: what an import leaves before autovacuum.
  for (const { table } of kinds) {
    await fresh.db.query(`ANALYZE ${table}`);
    await fresh.db.query(
      `INSERT INTO ${table} (id, customer_id, create_date, update_date, doc)
       SELECT 'r' || lpad(n::text, 6, '0'), $1, now(), now(), jsonb_build_object('id', 'r' || lpad(n::text, 6, '0'))
       FROM generate_series(1, ${ROWS}) AS n`,
      [CUSTOMER],
    );
  }
});
afterAll(() => fresh?.drop());

async function rowsRead(statement: Statement, table: string, walk: boolean): Promise<number> {
  const explain = (tx: { query: MigratedDatabase['db']['query'] }) =>
    tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`,
      statement.values,
    );
  const { rows } = walk ? await inIndexOrder(fresh.db, explain) : await explain(fresh.db);
  return mostRowsRead(rows[0]!['QUERY PLAN'][0].Plan, table);
}

describe("an export's page after an id", () => {
  it('has kinds to check, products among them', () => {
    expect(kinds.length).toBeGreaterThan(10);
    expect(kinds.map((kind) => kind.table)).toContain('products');
  });

  it('reads every later match of the customer without the index walk (the statistics this test sets up)', async () => {
    const products = declared.find((kind) => kind.table === 'products')!;
    expect(await rowsRead(jsonAfter(products, PAGE, ONE_CUSTOMER, 'r001000'), 'products', false)).toBeGreaterThan(
      PAGE.size,
    );
  });

  it('reads one page of rows when it walks the index in order, in every kind whose table takes the shared columns', async () => {
    for (const kind of kinds)
      for (const statement of [
        jsonAfter(kind, PAGE, ONE_CUSTOMER, 'r001000'),
        listAfter(kind, PAGE, ONE_CUSTOMER, 'r001000'),
      ])
        expect(await rowsRead(statement, kind.table, true), kind.name).toBeLessThanOrEqual(PAGE.size);
  });
});
