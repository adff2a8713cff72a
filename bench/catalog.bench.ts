import autocannon from 'autocannon';
import { startBenchServer } from './child-server.js';

/**
 * The catalogue under load on PostgreSQL: seeds PRODUCTS products (default 100,000) across 100 customers, then
 * measures get-by-id, a filtered list (customerId + status + sellingStores, size 20, with totalItems), a priced
 * product, a page of priced products and a word search (`q`: in one customer's products, and the operator's in every
 * product), each at 10 and 50 connections. Usage: `npm run bench:catalog`
 * (PRODUCTS=10000 for the smaller catalogue; BENCH_SECONDS per run, default 10).
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

interface Handshake {
  port: number;
  token: string;
  operatorToken: string;
  id: string;
  customerId: string;
  products: number;
  seedSeconds: number;
}

process.stderr.write(`seeding ${process.env.PRODUCTS ?? 100_000} products...\n`);
const { child, server } = await startBenchServer<Handshake>('./catalog-server.ts');

const routes = [
  { name: 'get product', path: `/products/${server.id}`, target: 2000 },
  {
    name: 'filtered list',
    path: `/products?customerId=${server.customerId}&status=ENABLED&sellingStores=store-eu&size=20`,
    target: 850,
    p99: 25,
  },
  { name: 'get priced product', path: `/priced-products/${server.id}?country=FR&currency=EUR`, target: 1500 },
  {
    name: 'list priced products',
    path: `/priced-products?customerId=${server.customerId}&status=ENABLED&size=20&country=FR&currency=EUR`,
  },
  // Every product has the word "product": the other word's start narrows, the index serves both (DECISIONS §10).
  { name: 'search, customer', path: '/products?q=product%205&size=20', p99: 50 },
  { name: 'search, operator', path: '/products?q=product%204242&size=20', p99: 50, operator: true },
];

const tokenOf = (route: { operator?: boolean }) => (route.operator ? server.operatorToken : server.token);

async function load(path: string, connections: number, token: string) {
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}${path}`,
    connections,
    duration: DURATION,
    headers: { authorization: `Bearer ${token}` },
  });
  const failed = result.non2xx + result.errors;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed };
}

try {
  console.log(
    `\n${server.products} products across 100 customers, seeded in ${server.seedSeconds.toFixed(1)} s (${(server.products / server.seedSeconds).toFixed(0)} products/s; target < 120 s)`,
  );
  console.log(`${DURATION} s per run, PostgreSQL, one service process\n`);
  for (const route of routes)
    await autocannon({
      url: `http://127.0.0.1:${server.port}${route.path}`,
      connections: 10,
      duration: 2,
      headers: { authorization: `Bearer ${tokenOf(route)}` },
    });
  for (const route of routes) {
    for (const connections of [10, 50]) {
      const r = await load(route.path, connections, tokenOf(route));
      const p99Target = route.p99 === undefined ? '' : `, p99 <= ${route.p99} ms`;
      const met = r.rps >= (route.target ?? 0) && r.p99 <= (route.p99 ?? Infinity);
      const verdict =
        (route.target || route.p99) && connections === 10
          ? `   target${route.target ? ` >= ${route.target} req/s` : ''}${p99Target}: ${met ? 'met' : 'NOT met'}`
          : '';
      const failures = r.failed > 0 ? `   ${r.failed} FAILED responses` : '';
      console.log(
        `${route.name.padEnd(22)} ${String(connections).padStart(2)} conn ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms${verdict}${failures}`,
      );
    }
  }
} finally {
  child.kill('SIGTERM');
}
