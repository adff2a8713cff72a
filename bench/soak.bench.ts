import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startBenchServer } from './child-server.js';

/**
 * The soak: mixed reads and writes over every API against one service process (API and notification worker, as
 * `npm start` runs it) on PostgreSQL, for SOAK_SECONDS (default 300) with SOAK_CLIENTS concurrent clients (default 16)
 * after a WARMUP_SECONDS warm-up (default 30; routes compile on first use and caches fill). Prints throughput,
 * p50/p99 overall and per scenario, the errors (any answer but the one expected), the notifications delivered to a
 * local web hook receiver, and the service's resident memory after the warm-up and at the end.
 * Targets: zero errors, memory growth < 10 %. Usage: `npm run bench:soak`.
 */
const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const WARMUP = Number(process.env.WARMUP_SECONDS ?? 30);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 16);

interface Handshake {
  port: number;
  operatorSecret: string;
  realm: string;
  clientSecret: string;
  customerId: string;
}
type Json = Record<string, any>;

const { child, server } = await startBenchServer<Handshake>('./soak-server.ts');
const base = `http://127.0.0.1:${server.port}`;

function residentMemoryMb(): number {
  const line = readFileSync(`/proc/${child.pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? NaN) / 1024;
}

/** Web hooks of the soak's notification definition land here. */
const delivered = new Set<string>();
let deliveredTwice = 0;
const receiver = createServer((request, response) => {
  const id = String(request.headers['webhook-id']);
  if (delivered.has(id)) deliveredTwice += 1;
  delivered.add(id);
  request.resume().on('end', () => response.writeHead(204).end());
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));

const stats = new Map<string, number[]>();
const errors: string[] = [];
let measuring = false;

/** One request; an answer other than `expected` counts as an error (kept for the printout). */
async function call(
  scenario: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
  expected = method === 'POST' ? 201 : 200,
): Promise<Json> {
  const started = performance.now();
  const form = body instanceof FormData;
  let status = 0;
  let answer: Json = {};
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    status = res.status;
    const text = await res.text();
    answer = text && res.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as Json) : {};
  } catch (error) {
    answer = { message: (error as Error).message };
  }
  if (measuring) {
    const list = stats.get(scenario) ?? [];
    list.push(performance.now() - started);
    stats.set(scenario, list);
  }
  if (status !== expected)
    errors.push(
      `${scenario}: ${method} ${path.split('?')[0]} answered ${status} (expected ${expected}): ${String(answer.message ?? '').slice(0, 200)}`,
    );
  return answer;
}

/** A client's access token, fetched again before it expires, as a real client does. */
function tokenSource(body: Json): () => string {
  let token = '';
  const refresh = async (): Promise<void> => {
    const res = await fetch(`${base}/iam/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as Json;
    token = answer.access_token as string;
    // At 80 % of its lifetime; timers of a finished soak do not hold the process.
    setTimeout(() => void refresh(), Math.max(1, Number(answer.expires_in ?? 300)) * 800).unref();
  };
  ready.push(refresh());
  return () => token;
}
const ready: Promise<void>[] = [];
const operatorToken = tokenSource({
  realmName: 'operator',
  grantType: 'client_credentials',
  clientSecret: server.operatorSecret,
});
const tenantToken = tokenSource({
  realmName: server.realm,
  grantType: 'client_credentials',
  clientSecret: server.clientSecret,
});
await Promise.all(ready);

const now = Date.now();
const productBody = (n: number) => ({
  genericName: `Soak product ${n}`,
  publisherRefId: `SOAK-${n}-${randomBytes(3).toString('hex')}`,
  lifeTime: '1YEAR',
  sellingStores: ['store-eu'],
  status: 'ENABLED',
  prices: {
    defaultCurrency: 'EUR',
    priceByCountryByCurrency: { FR: { EUR: { value: 19.99 + (n % 50), vatIncluded: true } } },
  },
});
const seedProducts: string[] = [];
for (let n = 0; n < 20; n += 1)
  seedProducts.push((await call('seed', 'POST', '/products', tenantToken(), productBody(n))).id);
for (let r = 0; r < 10; r += 1) {
  const eligible = seedProducts[r]!;
  await call('seed', 'POST', '/recommendation-rules', tenantToken(), {
    name: `Soak rule ${r}`,
    status: 'ENABLED',
    type: r % 2 ? 'UP_SELL' : 'CROSS_SELL',
    function: 'idToIdsRecoRule',
    levels: ['CART'],
    eligibleStoreIds: ['store-eu'],
    startDate: now - 86_400_000,
    endDate: now + 86_400_000 * 30,
    eligibleProductIds: [eligible],
    byProductIds: { [eligible]: seedProducts.slice(10, 14) },
    discountPlan: { discountStep: r },
  });
}
const definition = await call('seed', 'POST', '/notification-definitions', operatorToken(), {
  name: 'soak',
  eventMatcher: { fact: 'paid', subject: 'soak-order' },
  mainIdJsonPath: '$.involved.order.id',
  notificationPayload: { subject: 'Order {{ event.involved.order.id }}' },
});
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
await call('seed', 'POST', '/notification-receivers', operatorToken(), {
  name: 'soak',
  status: 'ACTIVE',
  url: receiverUrl,
  notificationDefinitionIds: [definition.id],
});

let counter = 0;
let eventsSent = 0;
const pick = <T>(list: T[]) => list[counter % list.length]!;

/** Each scenario is one user's short visit to one API: a write, and the reads that follow it. */
const scenarios: Record<string, () => Promise<void>> = {
  async terms() {
    const created = await call('terms', 'POST', '/terms', tenantToken(), {
      startDate: '2026-01-01T00:00:00Z',
      template: `<h1>Terms ${counter}</h1>`,
      model: 'MOR',
      status: 'DRAFT',
      locale: 'en_GB',
    });
    const read = await call('terms', 'GET', `/terms/${created.id}`, tenantToken());
    await call('terms', 'PUT', `/terms/${created.id}`, tenantToken(), { ...read, status: 'RUNNING' });
    await call('terms', 'GET', '/terms?size=20', tenantToken());
  },
  async products() {
    const created = await call('products', 'POST', '/products', tenantToken(), productBody(counter));
    await call('products', 'GET', `/products/${created.id}`, tenantToken());
    await call('products', 'GET', '/products?status=ENABLED&size=20', tenantToken());
    await call('products', 'GET', `/priced-products/${pick(seedProducts)}?country=FR&currency=EUR`, tenantToken());
  },
  async recommendations() {
    const cart = await call('recommendations', 'POST', '/carts', tenantToken(), {
      storeId: 'store-eu',
      country: 'FR',
      currency: 'EUR',
      items: [0, 1, 2].map((i) => ({ productId: seedProducts[(counter + i) % 10]!, quantity: 1 })),
    });
    await call('recommendations', 'GET', `/recommendations/cart?cartId=${cart.id}`, tenantToken());
  },
  async subscriptions() {
    const created = await call('subscriptions', 'POST', '/subscriptions', tenantToken(), {
      name: `soak-${counter}`,
      enduserId: 'enduser-1',
      currency: 'EUR',
      model: { term: { unit: 'MONTH', value: '1' } },
      products: [{ id: pick(seedProducts) }],
    });
    await call('subscriptions', 'POST', `/subscriptions/${created.id}/suspend`, tenantToken(), undefined, 200);
    await call('subscriptions', 'POST', `/subscriptions/${created.id}/reactivate`, tenantToken(), undefined, 200);
    await call('subscriptions', 'GET', `/subscriptions/${created.id}`, tenantToken());
  },
  async notifications() {
    const accepted = await call(
      'notifications',
      'POST',
      '/events',
      operatorToken(),
      {
        fact: 'paid',
        subject: 'soak-order',
        what: { delta: { status: 'PAID' } },
        involved: { order: { id: `o-${counter}` } },
      },
      202,
    );
    if (accepted.id) eventsSent += 1;
    await call('notifications', 'GET', '/notifications?size=20', operatorToken());
  },
  async assets() {
    const form = new FormData();
    form.append(
      'file',
      new Blob([`soak asset ${counter} ${randomBytes(16).toString('hex')}`], { type: 'text/plain' }),
      `soak-${counter}.txt`,
    );
    const created = await call('assets', 'POST', '/assets', tenantToken(), form);
    await call('assets', 'GET', `/assets/${created.id}/${created.filename}`, tenantToken());
  },
  async tokens() {
    await call('tokens', 'GET', `/customers?size=10`, operatorToken());
    const res = await fetch(`${base}/iam/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        realmName: server.realm,
        grantType: 'client_credentials',
        clientSecret: server.clientSecret,
      }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) errors.push(`tokens: POST /iam/tokens answered ${res.status}`);
  },
};
const names = Object.keys(scenarios);

async function client(until: number): Promise<void> {
  while (Date.now() < until) {
    counter += 1;
    await scenarios[names[counter % names.length]!]!();
  }
}

try {
  process.stderr.write(`soak: warm-up ${WARMUP} s, then ${SECONDS} s with ${CLIENTS} clients...\n`);
  await Promise.all(Array.from({ length: CLIENTS }, () => client(Date.now() + WARMUP * 1000)));
  const warmupErrors = errors.length;
  const rssStart = residentMemoryMb();
  measuring = true;
  const started = Date.now();
  await Promise.all(Array.from({ length: CLIENTS }, () => client(started + SECONDS * 1000)));
  const elapsed = (Date.now() - started) / 1000;
  measuring = false;
  const rssEnd = residentMemoryMb();
  // Deliveries of the last events may still be on their way.
  const deadline = Date.now() + 30_000;
  while (delivered.size < eventsSent && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));

  const all = [...stats.values()].flat().sort((a, b) => a - b);
  const pct = (list: number[], p: number) =>
    list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? NaN;
  console.log(
    `\nsoak: ${elapsed.toFixed(0)} s, ${CLIENTS} clients, PostgreSQL, one service process (API + notification worker)\n`,
  );
  for (const [name, list] of stats) {
    list.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(16)} ${String(list.length).padStart(7)} requests   p50 ${pct(list, 50).toFixed(0).padStart(4)} ms   p99 ${pct(list, 99).toFixed(0).padStart(4)} ms`,
    );
  }
  console.log(
    `\nall              ${String(all.length).padStart(7)} requests   ${(all.length / elapsed).toFixed(0)} req/s   p50 ${pct(all, 50).toFixed(0)} ms   p99 ${pct(all, 99).toFixed(0)} ms`,
  );
  console.log(
    `errors: ${errors.length} (${warmupErrors} in the warm-up)   target 0: ${errors.length === 0 ? 'met' : 'NOT met'}`,
  );
  for (const line of [...new Set(errors)].slice(0, 10)) console.log(`  ${line}`);
  console.log(`notifications: ${eventsSent} events, ${delivered.size} delivered, ${deliveredTwice} delivered twice`);
  const growth = ((rssEnd - rssStart) / rssStart) * 100;
  console.log(
    `resident memory: ${rssStart.toFixed(0)} MB after the warm-up, ${rssEnd.toFixed(0)} MB at the end (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %)   target < 10 %: ${growth < 10 ? 'met' : 'NOT met'}`,
  );
} finally {
  receiver.close();
  child.kill('SIGTERM');
}
