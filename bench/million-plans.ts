import { productKind } from '../src/apis/catalog/product.kind.js';
import type { TenantScope } from '../src/platform/auth/principal.js';
import type { Database } from '../src/platform/db/database.js';
import { parseListingQuery } from '../src/platform/resource/sql/listing-query.js';
import { countRecords, findByKey, listRowVersions } from '../src/platform/resource/sql/statements.js';

/**
 * The plans of the reads `million-products.bench.ts` measures, with `EXPLAIN (ANALYZE, BUFFERS)`, for one customer:
 * the buffers each touches show whether its cost follows the customer's products or the whole table's.
 */
export async function explainReads(db: Database, customerId: string, id: string): Promise<string> {
  const scope: TenantScope = { all: false, customerIds: [customerId], operatorRecords: false };
  const listing = (query: Record<string, unknown>) => parseListingQuery(productKind, query);
  const filtered = { customerId, status: 'ENABLED', sellingStores: 'store-eu', size: 20 };
  const statements = {
    'get by id': findByKey(productKind, id, scope),
    'filtered list, a page read by the keys (the first page, no count known yet)': listRowVersions(
      productKind,
      listing(filtered),
      scope,
      'keys',
    ),
    "filtered list, a page read by walking the owner's index (once its count is known)": listRowVersions(
      productKind,
      listing(filtered),
      scope,
      'walk',
    ),
    'filtered list, totalItems (when none is known at the generation the page read)': countRecords(
      productKind,
      listing(filtered),
      scope,
    ),
    'word search, a page (q=product 5)': listRowVersions(productKind, listing({ q: 'product 5', size: 20 }), scope),
  };
  const out: string[] = [];
  for (const [name, statement] of Object.entries(statements)) {
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
      statement.values,
    );
    out.push(`${name}:\n${rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`);
  }
  return out.join('\n\n');
}
