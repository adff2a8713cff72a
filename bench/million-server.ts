import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { productResource } from '../src/apis/catalog/product.resource.js';
import { buildApp } from '../src/app.js';
import { SYSTEM_PRINCIPAL } from '../src/platform/auth/principal.js';
import { BENCH_DATABASE_URL, benchServerConfig } from './bench-database.js';
import { clientToken } from './http-calls.js';
import { explainReads } from './million-plans.js';
import { seedRows } from './million-seed.js';

/**
 * Child process of `million-products.bench.ts`: the service on PostgreSQL, its catalogue grown stage by stage
 * (STAGES, default 10,000, 100,000 and 1,000,000 products). A long tail, as real platforms have: three large
 * customers hold a tenth of the products each, the other seven tenths are spread over TAIL_CUSTOMERS (10,000)
 * customers, a few dozen each at a million, a variant after every four parents. Products are stored as the rows
 * the engine's batch create makes (million-seed.ts), or with SEED=service through the batch create itself (rules,
 * unique keys, history, events and activity included; some 25 products a second on this loaded machine). After each stage it prints a
 * JSON line and waits for a line on stdin before growing the catalogue further.
 *
 * MILLION_SCHEMA=<name> keeps the catalogue between runs (a million products take 10+ minutes to seed): the schema
 * is used as found (migrated first), grown from the products it holds, and left in place at the end. A stage
 * smaller than what it holds is measured at what it holds. Without it, a schema of its own is dropped at the end.
 */
const STAGES = (process.env.STAGES ?? '10000,100000,1000000').split(',').map(Number);
const TAIL_CUSTOMERS = Number(process.env.TAIL_CUSTOMERS ?? 10_000);
const LARGE = ['large-0', 'large-1', 'large-2'];
const BATCH = 1000;
const kept = process.env.MILLION_SCHEMA;
const schema = kept ?? `bench_million_${process.pid}`;
// Tokens last a day: the stages of a million products outlast the default five minutes.
const built = await buildApp(benchServerConfig(schema, { JOBS: 'off', ACCESS_TOKEN_TTL: '86400' }));
const { app, services, db } = built;
const products = services.of(productResource);
const STORES = ['store-eu', 'store-us', 'store-jp', 'store-kw'];

/** Five consecutive products belong to one customer: the fifth a variant of the fourth. */
function customerOf(n: number): string {
  const group = Math.floor(n / 5);
  return group % 10 < 3 ? LARGE[group % 10]! : `tail-${(group * 7919) % TAIL_CUSTOMERS}`;
}

function productBody(n: number, parentId?: string) {
  return {
    customerId: customerOf(n),
    genericName: `Product ${n} ${['studio', 'fjord', 'racer', 'suite'][n % 4]}`,
    publisherRefId: `REF-${n}`,
    codeName: `code${n}`,
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

/** Products [from, to): the parents of a batch, then its variants (each names the parent created just before). */
async function seedBatch(from: number, to: number): Promise<void> {
  await db.transaction(async (tx) => {
    const parents: number[] = [];
    for (let n = from; n < to; n += 1) if (n % 5 !== 4) parents.push(n);
    const made = await products.createMany(
      SYSTEM_PRINCIPAL,
      parents.map((n) => productBody(n)),
      { tx },
    );
    if (!('created' in made)) throw new Error(`seeding refused products ${made.redo.join(', ')}`);
    const idOf = new Map(parents.map((n, index) => [n, String(made.created[index]!.doc.id)]));
    const variants: number[] = [];
    for (let n = from; n < to; n += 1) if (n % 5 === 4 && idOf.has(n - 1)) variants.push(n);
    const done = await products.createMany(
      SYSTEM_PRINCIPAL,
      variants.map((n) => productBody(n, idOf.get(n - 1))),
      { tx },
    );
    if (!('created' in done)) throw new Error(`seeding refused variants ${done.redo.join(', ')}`);
  });
}

/**
 * Grows the catalogue to `total` products: as rows (million-seed.ts), or with SEED=service through the batch create,
 * two batches at a time (one per core).
 */
async function seedTo(seeded: number, total: number): Promise<void> {
  if (process.env.SEED !== 'service') await seedRows(db, seeded, total, productBody);
  else
    for (let start = seeded; start < total; start += 2 * BATCH) {
      const second = Math.min(start + 2 * BATCH, total);
      const first = Math.min(start + BATCH, second);
      await Promise.all([seedBatch(start, first), first < second ? seedBatch(first, second) : undefined]);
    }
  for (const table of ['products', 'products_history']) await db.query(`VACUUM ANALYZE ${table}`);
}

await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const origin = `http://127.0.0.1:${port}`;
// Realms of this run: a kept schema holds those of runs before (one realm a customer; its clients go with it).
const run = randomBytes(4).toString('hex');
const [large, tail] = [`bench-large-${run}`, `bench-tail-${run}`];
await db.query('DELETE FROM iam_realms WHERE customer_id = ANY($1::text[])', [[LARGE[0]!, customerOf(15)]]);
const { clientSecret } = await db.transaction((tx) => built.iam.realms.provisionRealm(tx, large, LARGE[0]!));
const { clientSecret: tailSecret } = await db.transaction((tx) =>
  built.iam.realms.provisionRealm(tx, tail, customerOf(15)),
);
const token = await clientToken(origin, large, clientSecret);
const tailToken = await clientToken(origin, tail, tailSecret);
const operatorToken = await clientToken(origin, 'operator', 'bench-operator-secret');

const input = createInterface({ input: process.stdin });
const next = () => new Promise<void>((resolve) => input.once('line', () => resolve()));
const held = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
let seeded = held.rows[0]!.n;
for (const wanted of STAGES) {
  const stage = Math.max(wanted, seeded);
  const started = process.hrtime.bigint();
  await seedTo(seeded, stage);
  const seedSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM products WHERE customer_id = $1 AND doc->>'parentId' IS NOT NULL ORDER BY id LIMIT 1`,
    [LARGE[0]],
  );
  if (process.env.EXPLAIN !== 'off' && rows[0])
    process.stderr.write(`\nplans at ${stage} products:\n${await explainReads(db, LARGE[0]!, rows[0].id)}\n\n`);
  const stageInfo = { port, stage, added: stage - seeded, seedSeconds, token, tailToken, operatorToken };
  seeded = stage;
  process.stdout.write(`${JSON.stringify({ ...stageInfo, id: rows[0]?.id, customerId: LARGE[0] })}\n`);
  await next();
}

// Closed first: the service's polls would read a schema already dropped.
await app.close();
if (kept) process.exit(0);
const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL });
await admin.connect();
await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
await admin.end();
process.exit(0);
