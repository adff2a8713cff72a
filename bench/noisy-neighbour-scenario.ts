import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { FormData, request } from 'undici';
import { type Caller, call, created, probe } from './http-calls.js';
import { type Latencies, latencies } from './latencies.js';

/**
 * The noisy-neighbour scenario (docs/security.md, "Fair shares"): tenant B reads a product, signs a user in and
 * publishes events its web hook receives, each one after the other, first alone (quiet) and then while tenant A
 * runs its most expensive allowed programs in a loop: priced reads of a function at its step limit with a pattern at
 * its size limit and a new value each time, tests of a definition whose filter matches that pattern over large
 * events, events that definition matches (delivered to a receiver that answers after 2 s), and uploads. What B sees,
 * quiet and under A's load, is what the service promises every tenant. Shared by `npm run bench:starvation` and
 * test/safety/noisy-neighbour.test.ts. The service must run its jobs (JOBS=on) and reach 127.0.0.1
 * (OUTBOUND_ALLOWLIST).
 */
export interface TenantLatencies {
  read: Latencies;
  delivery: Latencies;
  signIn: Latencies;
}

export interface NoisyNeighbourFigures {
  quiet: TenantLatencies;
  noisy: TenantLatencies;
  /** A's requests sent under load, by kind. */
  attack: Record<'pricedReads' | 'definitionTests' | 'events' | 'uploads', number>;
}

/** An HTTP receiver on 127.0.0.1 that answers each web hook after `delayMs` and tells who waits for an order id. */
class Receiver {
  private readonly waiting = new Map<string, () => void>();
  private server!: Server;

  static async start(delayMs: number): Promise<Receiver> {
    const receiver = new Receiver();
    receiver.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          event?: { involved?: { order?: { id?: string } } };
        };
        const id = body.event?.involved?.order?.id;
        if (id) receiver.waiting.get(id)?.();
        setTimeout(() => res.writeHead(200).end('ok'), delayMs).unref();
      });
    });
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  /** Resolves when the web hook of `orderId` arrives, or after `timeoutMs`. */
  arrival(orderId: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(orderId);
        resolve();
      }, timeoutMs);
      this.waiting.set(orderId, () => {
        clearTimeout(timer);
        this.waiting.delete(orderId);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A customer of its own (realm, client), with its token. */
async function customer(operator: Caller, name: string): Promise<Caller & { realm: string; id: string }> {
  const made = await created(operator, '/customers', {
    name: `${name} ${randomBytes(3).toString('hex')}`,
    vatNumber: 'FR12345678901',
    features: { seller: true },
  });
  const client = made.iamClient as { realmName: string; clientSecret: string };
  const answer = await call({ origin: operator.origin, token: '' }, 'POST', '/iam/tokens', {
    realmName: client.realmName,
    grantType: 'client_credentials',
    clientSecret: client.clientSecret,
  });
  return {
    origin: operator.origin,
    token: String(answer.json.access_token),
    realm: client.realmName,
    id: String(made.id),
  };
}

const PRICES = { defaultCurrency: 'EUR', priceByCountryByCurrency: { FR: { EUR: { value: 10, vatIncluded: true } } } };
const product = (extra: Record<string, unknown>) => ({
  genericName: 'neighbour',
  publisherRefId: `n-${randomBytes(5).toString('hex')}`,
  lifeTime: '1YEAR',
  sellingStores: ['store-eu'],
  prices: PRICES,
  ...extra,
});
/** 801 instructions: within the pattern limit, and near it. */
const WIDE_PATTERN = '[a-z0-9]{1,200}@[a-z0-9]{1,200}';

/** B: a product to read, a user to sign in, a definition and a receiver hearing its orders. */
async function prepareQuiet(operator: Caller, receiver: Receiver) {
  const b = await customer(operator, 'Quiet');
  const read = await created(b, '/products', product({}));
  const password = randomBytes(12).toString('hex');
  await created(b, `/iam/realms/${b.realm}/users`, { username: 'clerk', password });
  const subject = `order-${randomBytes(4).toString('hex')}`;
  const definition = await created(b, '/notification-definitions', {
    name: 'orders paid',
    eventMatcher: { fact: 'paid', subject },
    mainIdJsonPath: '$.involved.order.id',
    notificationPayload: { subject: 'Order {{ event.involved.order.id }}', content: 'paid', type: 'ORDER_PAID' },
  });
  await created(b, '/notification-receivers', {
    name: 'shop',
    status: 'ACTIVE',
    url: receiver.url,
    notificationDefinitionIds: [definition.id],
  });
  return { b, productId: String(read.id), password, subject };
}

/** A: a function at its step limit with a wide pattern, a product it prices, a heavy definition and a slow receiver. */
async function prepareNoisy(operator: Caller, slowReceiver: Receiver) {
  const a = await customer(operator, 'Noisy');
  const codes = Array.from({ length: 100 }, (_, i) => `code-${i}`);
  const burner = await created(a, '/price-functions', {
    name: 'burns its step limit',
    expression: 'size(codes[size(codes[.length > 0]) > 0]) + price',
    variables: ['codes'],
    parameters: [{ field: 'tier', type: 'STRING', pattern: WIDE_PATTERN, defaultValue: 'a@b' }],
  });
  const priced = await created(
    a,
    '/products',
    product({ priceFunction: burner.id, availableVariables: [{ field: 'codes', type: 'LIST', value: codes }] }),
  );
  const definition = await created(a, '/notification-definitions', {
    name: 'heavy filter',
    eventMatcher: {
      fact: 'heavy',
      subject: 'load',
      filters: [{ jsonPath: `$.what.delta.items[?search(@, '${WIDE_PATTERN}')]`, value: 'never' }],
    },
    mainIdJsonPath: '$.what.delta.items[0]',
    notificationPayload: { subject: '{% for i in (1..2000) %}{{ i }}{% endfor %}', content: 'x', type: 'HEAVY' },
  });
  const matching = await created(a, '/notification-definitions', {
    name: 'every heavy event',
    eventMatcher: { fact: 'heavy', subject: 'load' },
    mainIdJsonPath: '$.what.delta.items[0]',
    notificationPayload: { subject: 'heavy', content: '{% for i in (1..2000) %}{{ i }}{% endfor %}', type: 'HEAVY' },
  });
  await created(a, '/notification-receivers', {
    name: 'slow',
    status: 'ACTIVE',
    url: slowReceiver.url,
    notificationDefinitionIds: [definition.id, matching.id],
  });
  return { a, pricedId: String(priced.id), definitionId: String(definition.id) };
}

/** Runs `seconds` quiet, then `seconds` with `attackers` of A's clients looping; answers B's latencies for both. */
export async function measureNoisyNeighbour(
  operator: Caller,
  seconds: number,
  attackers = 4,
): Promise<NoisyNeighbourFigures> {
  const receiver = await Receiver.start(0);
  const slow = await Receiver.start(2_000);
  try {
    const quiet = await prepareQuiet(operator, receiver);
    const noisy = await prepareNoisy(operator, slow);
    const measureB = async (until: number): Promise<TenantLatencies> => {
      const [read, delivery, signIn] = await Promise.all([
        probe(until, () => call(quiet.b, 'GET', `/products/${quiet.productId}`)),
        probe(until, async () => {
          const orderId = randomBytes(6).toString('hex');
          const arrived = receiver.arrival(orderId, 60_000);
          await call(quiet.b, 'POST', '/events', {
            fact: 'paid',
            subject: quiet.subject,
            what: { delta: { status: 'PAID' } },
            involved: { order: { id: orderId } },
          });
          await arrived;
        }),
        probe(until, () =>
          call({ origin: operator.origin, token: '' }, 'POST', '/iam/tokens', {
            realmName: quiet.b.realm,
            username: 'clerk',
            password: quiet.password,
          }),
        ),
      ]);
      return { read: latencies(read), delivery: latencies(delivery), signIn: latencies(signIn) };
    };
    const quietFigures = await measureB(performance.now() + seconds * 1000);
    const attack = { pricedReads: 0, definitionTests: 0, events: 0, uploads: 0 };
    const until = performance.now() + seconds * 1000;
    const items = Array.from({ length: 40 }, (_, i) => `${'a'.repeat(4_000)}${i}`);
    let round = 0;
    const attacker = async () => {
      while (performance.now() < until) {
        round += 1;
        const values = encodeURIComponent(JSON.stringify({ tier: `${'a'.repeat(200)}${round}@b` }));
        await call(
          noisy.a,
          'GET',
          `/priced-products/${noisy.pricedId}?country=FR&priceFunctionParametersValues=${values}`,
        );
        attack.pricedReads += 1;
        const event = { fact: 'heavy', subject: 'load', what: { delta: { items } }, involved: {} };
        await call(noisy.a, 'POST', `/notification-definitions/${noisy.definitionId}/test`, event);
        attack.definitionTests += 1;
        await call(noisy.a, 'POST', '/events', event);
        attack.events += 1;
        const form = new FormData();
        form.append('file', new Blob([randomBytes(256 * 1024)]), `noise-${round}.bin`);
        await request(`${operator.origin}/assets`, {
          method: 'POST',
          headers: { authorization: `Bearer ${noisy.a.token}` },
          body: form,
        }).then((answer) => answer.body.dump());
        attack.uploads += 1;
      }
    };
    const [noisyFigures] = await Promise.all([measureB(until), ...Array.from({ length: attackers }, attacker)]);
    return { quiet: quietFigures, noisy: noisyFigures, attack };
  } finally {
    await receiver.close();
    await slow.close();
  }
}
