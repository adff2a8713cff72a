import { productKind } from '../src/apis/catalog/product.kind.js';
import type { TenantScope } from '../src/platform/auth/principal.js';
import type { Database } from '../src/platform/db/database.js';
import { parseListingQuery } from '../src/platform/resource/sql/listing-query.js';
import { listRowVersions } from '../src/platform/resource/sql/statements.js';

/**
 * The plans PostgreSQL runs a word search page with, on stderr: the words index at 100,000 products. Kept apart
 * from `catalog-server.ts`, which imports it only when asked, so that script also seeds revisions that predate these
 * modules (`bench:regression` runs it against an older tree).
 */
export async function explainSearches(db: Database, customerId: string): Promise<void> {
  const explain = async (name: string, query: Record<string, unknown>, scope: TenantScope) => {
    const statement = listRowVersions(productKind, parseListingQuery(productKind, query), scope);
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS OFF) ${statement.text}`,
      statement.values,
    );
    process.stderr.write(`\n${name}:\n${rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}\n`);
  };
  await explain(
    'word search, one customer (q=product 5)',
    { q: 'product 5', size: 20 },
    { all: false, customerIds: [customerId], operatorRecords: false },
  );
  await explain('word search, every customer (q=product 4242)', { q: 'product 4242', size: 20 }, { all: true });
}
