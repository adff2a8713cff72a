import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiModules } from '../../../src/apis/index.js';
import type { TenantScope } from '../../../src/platform/auth/principal.js';
import type { ListingQuery } from '../../../src/platform/resource/declare/listing.js';
import { splitPath } from '../../../src/platform/resource/document/document-paths.js';
import { keyedFilters } from '../../../src/platform/resource/sql/filter-keys.js';
import { listRecords, type PagePlan } from '../../../src/platform/resource/sql/statements.js';
import { type MigratedDatabase, migratedDatabase } from '../../support/migrated-database.js';

/**
 * A page of one customer's records filtered by keys is read by the plan its last count chose
 * (store/listing-counts.ts), whatever PostgreSQL would pick: it misjudges such filters both ways (a large customer's
 * broad filter read all 40,000 matches for 20 rows; 20 parents' variants walked the customer's 100,000 rows). For
 * every declared kind with a keyed filter: the walk never reads the keys' GIN index, and the keys' plan never walks
 * an index for the order (it sorts its matches), even when the planner is told the other way is cheaper.
 */
const SAMPLE = { string: 'text', boolean: true, 'string-array': 'a' } as const;
const ONE_CUSTOMER: TenantScope = { all: false, customerIds: ['customer-1'], operatorRecords: false };
const keyedKinds = apiModules.flatMap((module) => module.kinds).filter((kind) => keyedFilters(kind.filters).length > 0);

function keyedListing(kind: (typeof keyedKinds)[number]): ListingQuery {
  const { field, spec } = keyedFilters(kind.filters)[0]!;
  return {
    page: 0,
    size: 20,
    sort: [{ path: ['id'], descending: true }],
    filters: [{ path: splitPath(field), spec, values: [SAMPLE[spec.kind as keyof typeof SAMPLE]] }],
    targets: [],
  };
}

let fresh: MigratedDatabase;
beforeAll(async () => {
  fresh = await migratedDatabase();
});
afterAll(() => fresh?.drop());

async function planOf(statement: { text: string; values: unknown[] }, settings: string[]): Promise<string> {
  return fresh.db.transaction(async (tx) => {
    for (const setting of settings) await tx.query(`SET LOCAL ${setting}`);
    const { rows } = await tx.query<Record<string, string>>(`EXPLAIN ${statement.text}`, statement.values);
    return rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

const pageOf = (kind: (typeof keyedKinds)[number], plan: PagePlan) =>
  listRecords(kind, keyedListing(kind), ONE_CUSTOMER, plan);

describe("a page of one customer's records filtered by keys", () => {
  it('has kinds to check', () => expect(keyedKinds.length).toBeGreaterThan(5));

  it.each(keyedKinds.map((kind) => [kind.name, kind] as const))(
    'of kind %s walks the owner index when told to, and reads the matches through the keys otherwise',
    async (_, kind) => {
      // Walking: no index scan in order and no sequential scan allowed, so only the keys' GIN index would be left.
      const walk = await planOf(pageOf(kind, 'walk'), ['enable_indexscan = off', 'enable_seqscan = off']);
      expect(walk).not.toContain(`${kind.table}_filter_keys_idx`);
      // The keys: a sort made to look dear, so an index giving the order (newest first: backward) would be taken if
      // there were one; an index may still find the matches.
      const keys = await planOf(pageOf(kind, 'keys'), ['enable_sort = off', 'enable_seqscan = off']);
      expect(keys).toContain('Sort');
      expect(keys).not.toContain('Index Scan Backward');
    },
  );
});
