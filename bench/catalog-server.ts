import { productResource } from '../src/apis/catalog/product.resource.js';
import { buildApp } from '../src/app.js';
import { SYSTEM_PRINCIPAL } from '../src/platform/auth/principal.js';
import { benchServerConfig } from './bench-database.js';
import { clientToken } from './http-calls.js';

/**
 * Child process of `catalog.bench.ts`: starts the service on PostgreSQL, seeds PRODUCTS products across 100
 * customers through the product service (hooks, unique keys, history and outbox included), one variant per four
 * parents, and prints the seeding time and what the load generator needs.
 */
const PRODUCTS = Number(process.env.PRODUCTS ?? 100_000);
const CUSTOMERS = 100;
const SEED_CONCURRENCY = Number(process.env.SEED_CONCURRENCY ?? 16);
const schema = `bench_catalog_${process.pid}`;
// BENCH_PORT: a port chosen by the caller, which is then also PUBLIC_BASE_URL's (the console signs in there).
const PORT = Number(process.env.BENCH_PORT ?? 0);
const config = benchServerConfig(schema, PORT ? { PUBLIC_BASE_URL: `http://127.0.0.1:${PORT}` } : {});
const built = await buildApp(config);
const { app, services } = built;
const products = services.of(productResource);

// Five consecutive products (a parent and its variant among them) belong to one customer.
const customerOf = (n: number) => `bench-customer-${Math.floor(n / 5) % CUSTOMERS}`;
const STORES = ['store-eu', 'store-us', 'store-jp', 'store-kw'];

function productBody(n: number, parentId?: string) {
  return {
    customerId: customerOf(n),
    genericName: `Product ${n}`,
    publisherRefId: `REF-${n}`,
    lifeTime: n % 3 === 0 ? '1MONTH' : '1YEAR',
    sellingStores: [STORES[n % STORES.length]!, STORES[(n + 1) % STORES.length]!],
    status: n % 10 === 0 ? 'DISABLED' : 'ENABLED',
    type: 'SOFTWARE',
    productFamily: `family-${n % 20}`,
    prices: {
      defaultCurrency: 'EUR',
      priceByCountryByCurrency: {
        FR: { EUR: { value: 19.99 + (n % 100), vatIncluded: true } },
        US: { USD: { value: 21.5 + (n % 50) } },
      },
    },
    ...(parentId ? { variantOf: parentId } : {}),
  };
}

/** Seeds in batches of SEED_CONCURRENCY parallel creates; every fifth product is a variant of the one before it. */
async function seed(): Promise<string> {
  let sample = '';
  for (let start = 0; start < PRODUCTS; start += SEED_CONCURRENCY * 5) {
    const groups = Array.from({ length: SEED_CONCURRENCY }, (_, g) => start + g * 5).filter((n) => n < PRODUCTS);
    await Promise.all(
      groups.map(async (first) => {
        let parent = '';
        for (let n = first; n < Math.min(first + 5, PRODUCTS); n++) {
          const created = await products.create(SYSTEM_PRINCIPAL, productBody(n, n % 5 === 4 ? parent : undefined));
          if (n % 5 === 3) parent = String(created.doc.id);
          if (n === 0) sample = String(created.doc.id);
        }
      }),
    );
  }
  return sample;
}

const started = process.hrtime.bigint();
const id = await seed();
const seedSeconds = Number(process.hrtime.bigint() - started) / 1e9;
// The steady state autovacuum would reach a little later: statistics and the visibility map of the seeded tables.
for (const table of ['products', 'products_history', 'outbox']) await built.db.query(`VACUUM ANALYZE ${table}`);

const customerId = customerOf(0);

// Imported only when asked: `bench:regression` seeds older trees with this script, which may predate the search.
if (process.env.EXPLAIN_SEARCH !== 'off')
  await (await import('./search-plans.js')).explainSearches(built.db, customerId);

const { clientSecret } = await built.db.transaction((tx) =>
  built.iam.realms.provisionRealm(tx, 'bench-realm', customerId),
);
await app.listen({ port: PORT, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const token = await clientToken(`http://127.0.0.1:${port}`, 'bench-realm', clientSecret);
const operatorToken = await clientToken(`http://127.0.0.1:${port}`, 'operator', 'bench-operator-secret');

process.stdout.write(
  `${JSON.stringify({ port, token, operatorToken, id, customerId, products: PRODUCTS, seedSeconds })}\n`,
);

process.on('SIGTERM', async () => {
  await built.db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await app.close();
  process.exit(0);
});
