import { productResource } from '../src/apis/catalog/product.resource.js';
import { buildApp } from '../src/app.js';
import { SYSTEM_PRINCIPAL } from '../src/platform/auth/principal.js';
import { benchServerConfig } from './bench-database.js';
import { clientToken } from './http-calls.js';

/**
 * Child process of `replica.bench.ts`: the service three times on one schema of PRIMARY_URL, in one process: without
 * a replica, with DATABASE_REPLICA_URL=REPLICA_URL, and with the primary as its replica (which never serves: the
 * routing's own cost), after seeding PRODUCTS products (default 10,000) over 100 customers through the product
 * service. Prints the ports and what the load needs.
 */
const PRODUCTS = Number(process.env.PRODUCTS ?? 10_000);
const CUSTOMERS = 100;
const schema = 'bench_replica';
/** The bench's settings on the pair's primary; the three services differ only in their replica. */
const configWith = (replica: Record<string, string> = {}) =>
  benchServerConfig(schema, { DATABASE_URL: process.env.PRIMARY_URL!, JOBS: 'off', ...replica });
const primaryOnly = await buildApp(configWith());
const products = primaryOnly.services.of(productResource);
const customerOf = (n: number) => `bench-customer-${n % CUSTOMERS}`;

let id = '';
for (let start = 0; start < PRODUCTS; start += 16) {
  await Promise.all(
    Array.from({ length: Math.min(16, PRODUCTS - start) }, async (_, k) => {
      const n = start + k;
      const created = await products.create(SYSTEM_PRINCIPAL, {
        customerId: customerOf(n),
        genericName: `Product ${n}`,
        publisherRefId: `REF-${n}`,
        lifeTime: '1YEAR',
        sellingStores: [n % 2 ? 'store-eu' : 'store-us'],
        status: n % 10 === 0 ? 'DISABLED' : 'ENABLED',
        type: 'SOFTWARE',
        prices: {
          defaultCurrency: 'EUR',
          priceByCountryByCurrency: { FR: { EUR: { value: 19.99 + (n % 100), vatIncluded: true } } },
        },
      });
      if (n === 0) id = String(created.doc.id);
    }),
  );
}
for (const table of ['products', 'products_history', 'outbox']) await primaryOnly.db.query(`VACUUM ANALYZE ${table}`);
const customerId = customerOf(0);
const { clientSecret } = await primaryOnly.db.transaction((tx) =>
  primaryOnly.iam.realms.provisionRealm(tx, 'bench-realm', customerId),
);

const withReplica = await buildApp(configWith({ DATABASE_REPLICA_URL: process.env.REPLICA_URL! }));
// The primary named as its own replica: never a standby, so every read goes to the primary through the routing.
const routingOnly = await buildApp(configWith({ DATABASE_REPLICA_URL: process.env.PRIMARY_URL! }));
const ports: number[] = [];
for (const { app } of [primaryOnly, withReplica, routingOnly]) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  ports.push((app.server.address() as { port: number }).port);
}
const token = await clientToken(`http://127.0.0.1:${ports[0]}`, 'bench-realm', clientSecret);
process.stdout.write(
  `${JSON.stringify({ port: ports[0], replicaPort: ports[1], routingPort: ports[2], token, id, customerId })}\n`,
);

process.on('SIGTERM', async () => {
  await Promise.allSettled([primaryOnly, withReplica, routingOnly].map(({ app }) => app.close()));
  process.exit(0);
});
