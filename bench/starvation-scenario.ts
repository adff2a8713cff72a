import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { dispatchBatch } from '../src/apis/notifications/dispatcher.js';
import { notificationSandbox } from '../src/apis/notifications/notification-sandbox.js';
import type { App } from '../src/app.js';
import { call, created, probe, type Caller as Target } from './http-calls.js';
import { type Latencies, latencies } from './latencies.js';

export type { Latencies };

/**
 * The starvation scenario (docs/security.md): while tenants' hostile programs run in a loop (price functions at
 * their step limit with backtracking-shaped patterns, expressions far too deep, a Liquid template looping a million
 * times, a JSONPath walking every member of large events), one client pings `/health/live` and another reads a
 * terms item, each one request after the other. Their latencies, idle first and then under the hostile load, are
 * what the service promises every other tenant. Shared by `npm run bench:starvation` and its test.
 */

export interface StarvationFigures {
  idle: { health: Latencies; read: Latencies };
  hostile: { health: Latencies; read: Latencies; hostileRequests: number; programsRun: number };
}

/** The hostile programs a tenant stores, and an ordinary record another reads. */
async function prepare(target: Target) {
  const codes = Array.from({ length: 100 }, (_, i) => `code-${i}`);
  const burner = await created(target, '/price-functions', {
    name: 'burns its step limit',
    // 100 x 100 elements tested: past the 10,000 steps, on every priced read.
    expression: 'size(codes[size(codes[.length > 0]) > 0]) + price',
    variables: ['codes'],
    parameters: [{ field: 'tier', type: 'STRING', pattern: '(a|a)*b', defaultValue: 'ab' }],
  });
  const product = await created(target, '/products', {
    genericName: 'hostile',
    publisherRefId: `hostile-${performance.now().toString(36)}`,
    lifeTime: '1YEAR',
    sellingStores: ['store-eu'],
    priceFunction: burner.id,
    availableVariables: [{ field: 'codes', type: 'LIST', value: codes }],
    prices: { defaultCurrency: 'EUR', priceByCountryByCurrency: { FR: { EUR: { value: 10, vatIncluded: true } } } },
  });
  const definition = await created(target, '/notification-definitions', {
    name: 'hostile programs',
    eventMatcher: { fact: 'hostile', subject: 'load', filters: [{ jsonPath: '$..*', value: 'never' }] },
    mainIdJsonPath: '$..id',
    notificationPayload: { content: hostileTemplate, subject: 'x' },
  });
  const terms = await created(target, '/terms', {
    startDate: '2026-01-01T00:00:00Z',
    template: '<h1>Terms</h1>',
    model: 'MOR',
    status: 'DRAFT',
  });
  return { product: product.id!, definition: definition.id!, terms: terms.id! };
}

const hostileTemplate = '{% for i in (1..1000000) %}{{ i }}{% endfor %}';
const deepParentheses = `${'('.repeat(1996)}price${')'.repeat(1996)}`;

/**
 * Runs the scenario against `app` listening at `origin`: `seconds` idle, then `seconds` with `hostileClients`
 * clients looping over the hostile requests while the dispatcher matches the hostile definition against large events.
 */
export async function measureStarvation(
  app: App,
  target: Target,
  seconds: number,
  hostileClients = 4,
): Promise<StarvationFigures> {
  const { product, terms } = await prepare(target);
  const health = () => request(`${target.origin}/health/live`).then((r) => r.body.text());
  const read = () => call(target, 'GET', `/terms/${terms}`);
  let until = performance.now() + seconds * 1000;
  const [idleHealth, idleRead] = await Promise.all([probe(until, health), probe(until, read)]);

  let hostileRequests = 0;
  let programsRun = 0;
  let round = 0;
  const hostileClient = async () => {
    while (performance.now() < until) {
      round += 1;
      // A new value each time: the priced-product cache cannot answer, the function runs (and fails at its limit).
      const values = encodeURIComponent(JSON.stringify({ tier: `${'a'.repeat(200)}${round}` }));
      await call(
        target,
        'GET',
        `/priced-products/${product}?country=FR&currency=EUR&priceFunctionParametersValues=${values}`,
      );
      await call(target, 'POST', '/price-functions', { name: 'too deep', expression: deepParentheses });
      await call(target, 'POST', '/events', {
        fact: 'hostile',
        subject: 'load',
        what: { delta: { items: Array.from({ length: 500 }, (_, i) => ({ id: `i-${i}`, v: i })) } },
        involved: {},
      });
      hostileRequests += 3;
      programsRun += 1;
    }
  };
  // What the delivery worker does for each notification of the hostile definition: its template rendered.
  const renderer = async () => {
    while (performance.now() < until) {
      await notificationSandbox()
        .run('hostile', 'renderTemplate', {
          template: hostileTemplate,
          event: {
            id: 'e',
            fact: 'hostile',
            subject: 'load',
            customerId: null,
            occurredAt: new Date(0).toISOString(),
            what: { delta: {}, previous: {} },
            involved: {},
          },
        })
        .catch(() => undefined);
      programsRun += 1;
    }
  };
  const dispatcher = async () => {
    while (performance.now() < until) {
      const result = await dispatchBatch({ db: app.db, clock: app.clock, schedule: [0] }, 20);
      programsRun += result.events;
      if (result.events === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  until = performance.now() + seconds * 1000;
  const [hostileHealth, hostileRead] = await Promise.all([
    probe(until, health),
    probe(until, read),
    ...Array.from({ length: hostileClients }, hostileClient),
    dispatcher(),
    renderer(),
  ]);
  return {
    idle: { health: latencies(idleHealth), read: latencies(idleRead) },
    hostile: {
      health: latencies(hostileHealth as number[]),
      read: latencies(hostileRead as number[]),
      hostileRequests,
      programsRun,
    },
  };
}
