import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, customerToken } from '../customers/customer-factories.js';
import { dispatchAll } from '../notifications/notification-drivers.js';
import { createDefinition, createReceiver } from '../notifications/notification-factories.js';
import { useApp } from '../support/fixture.js';
import { encode } from './hostile-values.js';
import { fillPath, type Json, type Operation, operationsOf } from './openapi-operations.js';
import { creatingOperations, pathValuesFor, type Records, seedRecords, uniqueExample } from './seed-records.js';

/**
 * The tenant matrix, generated from the OpenAPI document: two customers, each with a reseller authorized for it,
 * hold data of every kind, made every way the service makes data (each creating operation, and what is derived:
 * pre-billed orders, history versions, notification records from events, cached priced views, Idempotency-Key
 * replays); the operator holds private records of its own, among them notifications of the customers' events.
 * Then every operation of the document is called by each party that is not the data's owner (nor authorized for
 * it), on the owner's records, with bodies naming the owner's records. Nothing crosses: no answer shows an id of
 * the owner's records the caller did not send itself, no call on the owner's record succeeds, no reference to it is
 * stored, no replay answers another party's response, and the owner's records are left as they were.
 */

interface Party {
  name: string;
  customerId: string;
  /** Its customer record, as created. */
  record: Json;
  token: () => Promise<string>;
  forget: () => void;
}

const { t } = await useApp({ env: { TOKEN_RATE_LIMIT: '1000000' } });
const doc = t.app.swagger() as Json;
const operations: Operation[] = operationsOf(doc);
const parties = new Map<string, Party>();
/** Each customer's records, as the seed made them, by collection path. */
const data = new Map<string, Records>();
/** Ids of records each customer (A, B) or the operator owns, that no other non-operator party may see. */
const secrets = new Map<string, Set<string>>();
/** What the owner reads of each of its records before the matrix runs, to see that nothing changed it. */
const before = new Map<string, Map<string, Json>>();
let calls = 0;

async function party(name: string, overrides: Json = {}): Promise<Party> {
  const customer = await createCustomer(t, { name: `${name} ${Date.now().toString(36)}`, ...overrides });
  let token: Promise<string> | undefined;
  return {
    name,
    customerId: customer.id,
    record: customer.body,
    token: () => (token ??= customerToken(t, customer)),
    forget: () => {
      token = undefined;
    },
  };
}

/** Every string in `value` that looks like one of our ids (time-ordered UUIDs). */
function idsIn(value: unknown): Set<string> {
  return new Set(
    JSON.stringify(value ?? null).match(/[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [],
  );
}

/** The owner's derived records: an order from pre-billing, a history version, notifications of its events. */
async function deriveFor(owner: Party, records: Records): Promise<string[]> {
  const token = await owner.token();
  const derived: string[] = [];
  const subscription = records.get('/subscriptions');
  if (subscription) {
    const prebilled = await t.request<Json>('POST', `/subscriptions/${subscription.id}/prebill`, token);
    expect(prebilled.status, JSON.stringify(prebilled.body)).toBe(200);
    derived.push(prebilled.body.id);
  }
  const product = records.get('/products')!;
  const disabled = await t.request<Json>('PUT', `/products/${product.id}`, token, { ...product, status: 'DISABLED' });
  expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
  records.set('/products', disabled.body);
  // A priced view of the product, kept in the priced-product cache.
  expect((await t.request('GET', `/priced-products/${product.id}?country=FR&currency=EUR`, token)).status).toBe(200);
  const definition = await createDefinition(t, token);
  await createReceiver(t, token, { notificationDefinitionIds: [definition.id] });
  return derived;
}

beforeAll(async () => {
  const operator = await t.operator();
  const a = await party('customer A');
  const b = await party('customer B');
  const ra = await party('reseller of A', { authorizedCustomers: [a.customerId] });
  const rb = await party('reseller of B', { authorizedCustomers: [b.customerId] });
  for (const p of [a, b, ra, rb]) parties.set(p.name, p);
  // The operator hears every customer's product updates: its notifications carry the customers' events.
  const operatorDefinition = await createDefinition(t, operator);
  await createReceiver(t, operator, { notificationDefinitionIds: [operatorDefinition.id] });
  for (const owner of [a, b]) {
    const records = await seedRecords(
      t,
      doc,
      operations,
      await owner.token(),
      {},
      new Map([['/customers', owner.record]]),
    );
    const derived = await deriveFor(owner, records);
    data.set(owner.name, records);
    secrets.set(
      owner.name,
      new Set(
        [...[...records.values()].flatMap((record) => [...idsIn(record)]), ...derived].filter(
          (id) => id !== owner.customerId,
        ),
      ),
    );
  }
  await dispatchAll(t);
  const notifications = await t.request<Json>('GET', '/notifications?size=500', operator);
  const ownedByOperator = (notifications.body.items as Json[])
    .filter((item) => item.customerId === undefined)
    .map((item) => String(item.id));
  expect(ownedByOperator.length, "the operator has notifications of the customers' events").toBeGreaterThanOrEqual(2);
  secrets.set('operator', new Set([...ownedByOperator, operatorDefinition.id]));
  for (const owner of [a, b]) {
    const notes = await t.request<Json>('GET', '/notifications', await owner.token());
    expect(notes.body.items.length, `${owner.name} has notifications of its own events`).toBeGreaterThan(0);
    for (const note of notes.body.items as Json[]) secrets.get(owner.name)!.add(String(note.id));
    before.set(owner.name, await readBack(owner));
  }
});

afterAll(async () => {
  console.log(
    `tenant matrix: ${operations.length} operations, ${calls} calls by strangers; records per customer: ${[...secrets.entries()].map(([name, ids]) => `${name} ${ids.size}`).join(', ')}`,
  );
});

/** Each of the owner's records, read by the owner through `GET {collection}/{id}` where the document has one. */
async function readBack(owner: Party): Promise<Map<string, Json>> {
  const read = new Map<string, Json>();
  for (const [collection] of data.get(owner.name)!) {
    const get = operations.find(
      (op) =>
        op.method === 'GET' &&
        op.path.startsWith(`${collection}/{`) &&
        op.path.split('/').length === collection.split('/').length + 1,
    );
    if (!get || collection.includes('{')) continue;
    const response = await t.request<Json>(
      'GET',
      fillPath(get.path, pathValuesFor(get.path, data.get(owner.name)!, get.parameters)),
      await owner.token(),
    );
    if (response.status === 200)
      read.set(collection, { dbVersion: response.body.dbVersion, updateDate: response.body.updateDate });
  }
  return read;
}

/** A body naming the owner's records: a replace sends the owner's record, anything else the example naming its records. */
function bodyFor(op: Operation, records: Records): unknown {
  if (!op.body?.mediaTypes.includes('application/json')) return undefined;
  const collection = /^(\/[^{]*[^/{])\/\{/.exec(op.path)?.[1];
  if (op.method === 'PUT' && collection && records.has(collection)) return records.get(collection);
  const example = uniqueExample(doc, op, {}, false);
  // Every field that names another kind's record names the owner's (the declared references of the kind).
  const kind = t.built.services.definitions().find((definition) => definition.path === op.path);
  let body: Json = example;
  for (const [path, referenced] of Object.entries(kind?.references ?? {})) {
    const target = records.get(
      t.built.services.definitions().find((definition) => definition.name === referenced)!.path,
    );
    if (target && !path.includes('[]') && !path.includes('{}')) body = { ...body, [path]: target.id };
    else if (target && path.endsWith('[]')) body = { ...body, [path.slice(0, -2)]: [target.id] };
    else if (target && /^\w+\[\]\.\w+$/.test(path)) {
      const [list, field] = path.split('[].') as [string, string];
      body = { ...body, [list]: [{ ...((example[list] as Json[] | undefined)?.[0] ?? {}), [field]: target.id }] };
    }
  }
  return body;
}

const strangers: [string, string][] = [
  ['customer A', 'customer B'],
  ['customer A', 'reseller of B'],
  ['customer B', 'customer A'],
  ['customer B', 'reseller of A'],
];
const called = operations.filter((op) => op.authenticated && op.scope !== undefined);

describe('tenant matrix, generated from the OpenAPI document', () => {
  it("has data of every creating operation for both customers, and each reseller reads its customer's product", async () => {
    const creating = creatingOperations(operations).filter(
      (op) => op.scope !== 'operator' && op.path !== '/customers' && op.path !== '/assets',
    );
    for (const owner of ['customer A', 'customer B']) {
      const missing = creating.filter((op) => !data.get(owner)!.has(op.path)).map((op) => op.path);
      expect(missing, `${owner} lacks records of`).toEqual([]);
    }
    const product = data.get('customer A')!.get('/products')!;
    expect(
      (await t.request('GET', `/products/${product.id}`, await parties.get('reseller of A')!.token())).status,
    ).toBe(200);
    expect(
      (await t.request('GET', `/products/${product.id}`, await parties.get('reseller of B')!.token())).status,
    ).toBe(404);
  });

  it.each(called.map((op) => [`${op.method} ${op.path}`, op] as const))(
    "%s: nothing of one customer reaches the other, its reseller, or a customer of the operator's records",
    async (_name, op) => {
      const failures: string[] = [];
      for (const [ownerName, strangerName] of strangers) {
        const records = data.get(ownerName)!;
        const stranger = parties.get(strangerName)!;
        const values = pathValuesFor(op.path, records, op.parameters);
        const url = fillPath(op.path, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, encode(v)])));
        const body = bodyFor(op, records);
        const response = await t.request<Json>(op.method as 'GET', url, await stranger.token(), body);
        calls += 1;
        if (op.scope === undefined || /invalidate|reset/.test(op.path)) stranger.forget();
        const sent = new Set([...idsIn(url), ...idsIn(body)]);
        const shown = [...idsIn(response.body)].filter((id) => !sent.has(id));
        const leaked = shown.filter((id) => secrets.get(ownerName)!.has(id) || secrets.get('operator')!.has(id));
        if (leaked.length)
          failures.push(
            `${strangerName} saw ${ownerName}'s or the operator's ${leaked.join(', ')} (${response.status})`,
          );
        const onOwnersRecord =
          op.path.includes('{') && [...Object.values(values)].some((value) => secrets.get(ownerName)!.has(value));
        if (onOwnersRecord && response.status < 300)
          failures.push(
            `${strangerName} got ${response.status} on ${ownerName}'s record: ${JSON.stringify(response.body).slice(0, 200)}`,
          );
        const namesOwnersRecord = !onOwnersRecord && [...idsIn(body)].some((id) => secrets.get(ownerName)!.has(id));
        if (namesOwnersRecord && response.status < 300)
          failures.push(
            `${strangerName} stored a reference to ${ownerName}'s record through ${op.id}: ${response.status}`,
          );
      }
      expect(failures, `${op.method} ${op.path} (${op.id})`).toEqual([]);
    },
  );

  it("leaves the customers' records as they were", async () => {
    for (const owner of ['customer A', 'customer B'])
      expect(await readBack(parties.get(owner)!), owner).toEqual(before.get(owner));
  });

  it.each(
    creatingOperations(operations)
      .filter((op) => op.scope !== 'operator' && op.body?.mediaTypes.includes('application/json'))
      .map((op) => [`${op.method} ${op.path}`, op] as const),
  )('%s: an Idempotency-Key another party used replays nothing of that party', async (_name, op) => {
    const key = `matrix-${op.id}-${Date.now()}`;
    const owner = parties.get('customer A')!;
    const body = bodyFor(op, data.get('customer A')!);
    const url = fillPath(op.path, pathValuesFor(op.path, data.get('customer A')!, op.parameters));
    const first = await t.request<Json>('POST', url, await owner.token(), body, { 'idempotency-key': key });
    for (const strangerName of ['customer B', 'reseller of B']) {
      const again = await t.request<Json>('POST', url, await parties.get(strangerName)!.token(), body, {
        'idempotency-key': key,
      });
      expect(
        again.headers['idempotent-replayed'],
        `${strangerName} got ${owner.name}'s answer replayed`,
      ).toBeUndefined();
      if (first.status < 300 && typeof first.body?.id === 'string') expect(again.body?.id).not.toBe(first.body.id);
    }
  });
});
