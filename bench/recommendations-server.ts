import { productResource } from '../src/apis/catalog/product.resource.js';
import { cartResource } from '../src/apis/recommendations/cart.resource.js';
import { recommendationRuleResource } from '../src/apis/recommendations/recommendation-rule.resource.js';
import { buildApp } from '../src/app.js';
import { SYSTEM_PRINCIPAL } from '../src/platform/auth/principal.js';
import { benchServerConfig } from './bench-database.js';
import { profileLoad } from './load-profile.js';

/**
 * Child process of `recommendations.bench.ts`: starts the service on PostgreSQL, seeds through the services one
 * customer's PRODUCTS products (default 10,000) and RULES rules (default 1,000), and a 5-item cart; prints what the
 * load generator needs and the shape of the work one request does (rules applied, products recommended).
 *
 * The catalogue: every tenth product DISABLED; every fiftieth the next generation of the one before it. The rules:
 * rule r is eligible for product r % 200 (so each of the 200 "popular" products is eligible in RULES / 200 rules)
 * and two other products; it recommends four products for each eligible one; types cycle CROSS_SELL, UP_SELL,
 * UPGRADE; weights r % 17; discounts r % 30 %. The cart holds popular products 0 to 4 (CARTS: more carts, below).
 */
const PRODUCTS = Number(process.env.PRODUCTS ?? 10_000);
const RULES = Number(process.env.RULES ?? 1_000);
const CONCURRENCY = 16;
const customerId = 'bench-reco-customer';
const schema = `bench_reco_${process.pid}`;
const config = benchServerConfig(schema);
const built = await buildApp(config);
const { app, services } = built;

async function inBatches(count: number, make: (n: number) => Promise<void>): Promise<void> {
  for (let start = 0; start < count; start += CONCURRENCY) {
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count - start) }, (_, i) => make(start + i)));
  }
}

const ids: string[] = [];
const started = process.hrtime.bigint();
await inBatches(PRODUCTS, async (n) => {
  const created = await services.of(productResource).create(SYSTEM_PRINCIPAL, {
    customerId,
    genericName: `Product ${n}`,
    publisherRefId: `REF-${n}`,
    lifeTime: '1YEAR',
    sellingStores: ['store-eu'],
    status: n % 10 === 0 && n >= 200 ? 'DISABLED' : 'ENABLED',
    prices: {
      defaultCurrency: 'EUR',
      priceByCountryByCurrency: { FR: { EUR: { value: 19.99 + (n % 100), vatIncluded: true } } },
    },
  });
  ids[n] = String(created.doc.id);
});
// Next generations name products created before them.
for (let n = 1; n < PRODUCTS; n += 50) {
  const { doc, dbVersion } = await services.of(productResource).get(SYSTEM_PRINCIPAL, ids[n]!);
  await services
    .of(productResource)
    .update(SYSTEM_PRINCIPAL, ids[n]!, { ...doc, nextGenerationOf: [ids[n - 1]!], dbVersion });
}
const now = Date.now();
const TYPES = ['CROSS_SELL', 'UP_SELL', 'UPGRADE'];
await inBatches(RULES, async (r) => {
  const eligible = [...new Set([r % 200, (r * 7 + 3) % PRODUCTS, (r * 13 + 5) % PRODUCTS])].map((n) => ids[n]!);
  const byProductIds = Object.fromEntries(
    eligible.map((id, e) => [id, [0, 1, 2, 3].map((j) => ids[(r * 31 + e * 101 + j * 1009 + 7) % PRODUCTS]!)]),
  );
  await services.of(recommendationRuleResource).create(SYSTEM_PRINCIPAL, {
    customerId,
    name: `Rule ${r}`,
    status: 'ENABLED',
    type: TYPES[r % 3],
    function: 'idToIdsRecoRule',
    levels: r % 2 === 0 ? ['CART'] : ['CART', 'PRODUCT'],
    eligibleStoreIds: ['store-eu'],
    startDate: now - 86_400_000,
    endDate: now + 365 * 86_400_000,
    weight: r % 17,
    discountPlan: { discountStep: r % 30 },
    eligibleProductIds: eligible,
    byProductIds,
  });
});
const seedSeconds = Number(process.hrtime.bigint() - started) / 1e9;
for (const table of ['products', 'recommendation_rules', 'products_history', 'outbox'])
  await built.db.query(`VACUUM ANALYZE ${table}`);

// Cart 0 holds popular products 0 to 4; with CARTS > 1, cart k holds five other popular products, so the load
// spreads over the popular products' rules, priced products and kept entries instead of repeating one cart.
const CARTS = Math.max(1, Number(process.env.CARTS ?? 1));
const cartIds: string[] = [];
for (let k = 0; k < CARTS; k++) {
  const popular = [0, 1, 2, 3, 4].map((j) => (k === 0 ? j : (k * 7 + j * 37) % 200));
  const cart = await services.of(cartResource).create(SYSTEM_PRINCIPAL, {
    customerId,
    storeId: 'store-eu',
    country: 'FR',
    currency: 'EUR',
    source: 'PURCHASE',
    items: popular.map((n) => ({ productId: ids[n]!, quantity: 1 })),
  });
  cartIds.push(String(cart.doc.id));
}
const { clientSecret } = await built.db.transaction((tx) =>
  built.iam.realms.provisionRealm(tx, 'bench-reco-realm', customerId),
);
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const base = `http://127.0.0.1:${port}`;
const tokenAnswer = await fetch(`${base}/iam/tokens`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ realmName: 'bench-reco-realm', grantType: 'client_credentials', clientSecret }),
});
const token = ((await tokenAnswer.json()) as { access_token: string }).access_token;

// The work of one request, for the printout.
const sample = (await (
  await fetch(`${base}/recommendations/cart?cartId=${cartIds[0]}`, { headers: { authorization: `Bearer ${token}` } })
).json()) as {
  recommendations: Record<string, Record<string, Record<string, { recommendationId?: string; products: unknown[] }>>>;
  reports: Record<string, Record<string, Record<string, { products: Record<string, unknown> }>>>;
};
const leaves = Object.values(sample.recommendations).flatMap((byType) =>
  Object.values(byType).flatMap((byTrigger) => Object.values(byTrigger)),
);
const reported = Object.values(sample.reports).flatMap((byType) =>
  Object.values(byType).flatMap((byTrigger) =>
    Object.values(byTrigger).map((leaf) => Object.keys(leaf.products).length),
  ),
);
const work = {
  leaves: leaves.length,
  recommended: leaves.reduce((sum, leaf) => sum + leaf.products.length, 0),
  reported: reported.reduce((a, b) => a + b, 0),
};

const writeProfile = await profileLoad();
process.stdout.write(
  JSON.stringify({ port, token, cartIds, products: PRODUCTS, rules: RULES, seedSeconds, work }) + '\n',
);

process.on('SIGTERM', async () => {
  await writeProfile();
  await built.db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await app.close();
  process.exit(0);
});
