import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchAll } from '../notifications/notification-drivers.js';
import { createDefinition, createReceiver, publish } from '../notifications/notification-factories.js';
import { useApp } from '../support/fixture.js';
import { encode } from './hostile-values.js';
import { fillPath, type Json, type Operation, operationsOf, resolve } from './openapi-operations.js';
import {
  createThrough,
  creatingOperations,
  exampleBody,
  pathValuesFor,
  type Records,
  seedRecords,
} from './seed-records.js';
import { changedTables, fingerprint, tablesOf } from './store-fingerprint.js';

/**
 * Idempotency-Key is the engine's guarantee on every POST that creates or acts, generated from the OpenAPI document:
 * each POST declaring the header is sent twice with one key (the second answer is the first, byte for byte, with
 * `idempotent-replayed: true`, and nothing more is stored), then the key comes back with another request (422,
 * nothing stored). Secrets shown once are replayed too. An action on a record gets a record of its own, made as the
 * seed was. A POST that does not declare the header, or needs more than its example to succeed, says why here.
 */
const NOT_IDEMPOTENT: Record<string, string> = {
  createProductImport:
    'its file is streamed into the import, never held to compare; the key is kept on the import, and sent again answers that import (docs/catalog.md, "Bulk import and export")',
  uploadAsset:
    'its multipart body is streamed to disk before it can be compared; the same content is the same asset anyway',
};

interface Call {
  url?: string;
  body?: unknown;
  contentType?: string;
}

/** What an operation needs besides its example to succeed once (its record in the right state, real inputs). */
const PREPARE: Record<string, (ctx: { records: Records; customerId: string }) => Promise<Call>> = {
  // An import is made by uploading a file, not JSON: one of one product, still queued (no job runs here).
  cancelProductImport: async () => {
    const upload = await t.inject({
      method: 'POST',
      url: '/product-imports',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/x-ndjson' },
      payload: '{"publisherRefId":"IDEMPOTENT-CANCEL","lifeTime":"1YEAR","sellingStores":[],"prices":{}}\n',
    });
    return { url: `/product-imports/${upload.json().id}/cancel` };
  },
  // Reactivation needs a suspended subscription.
  reactivateSubscription: async ({ records }) => {
    await t.request('POST', `/subscriptions/${records.get('/subscriptions')!.id}/suspend`, operator);
    return {};
  },
  // Signing takes any body; the operator names the customer, which must have a signing key (a customer record).
  signData: async ({ records }) => ({
    url: `/customers/${records.get('/customers')!.id}/sign`,
    body: { order: 'o-1' },
  }),
  signDataWithJwt: async ({ records }) => ({
    url: `/customers/sign?customerId=${records.get('/customers')!.id}`,
    body: { order: 'o-1' },
  }),
  // Verifying needs data the customer signed.
  verifySignedData: async ({ records }) => ({
    url: `/customers/${records.get('/customers')!.id}/verify`,
    body: { signedData: await signed(records) },
  }),
  verifySignedDataWithJwt: async ({ records }) => ({
    url: `/customers/verify?customerId=${records.get('/customers')!.id}`,
    body: { signedData: await signed(records) },
  }),
  // A variant moves between two products of one customer.
  shiftVariant: async ({ records, customerId }) => {
    const product = (body: Json) =>
      t.request<Json>('POST', '/products', operator, {
        ...(exampleBody(t, doc, creating('/products'), records, { customerId }) as Json),
        ...body,
      });
    const [first, second] = [(await product({})).body, (await product({})).body];
    const variant = (await product({ variantOf: first.id })).body;
    return { body: { parentId: second.id, variantId: variant.id } };
  },
  // A notification record comes from an event matching a definition a receiver listens to.
  retryNotification: async ({ customerId }) => {
    const definition = await createDefinition(t, operator, { eventMatcher: { fact: 'retried', subject: 'probe' } });
    await createReceiver(t, operator, { notificationDefinitionIds: [definition.id] });
    await publish(t, operator, { fact: 'retried', subject: 'probe', customerId });
    await dispatchAll(t);
    const listed = await t.request<Json>('GET', `/notifications?notificationDefinitionId=${definition.id}`, operator);
    return { url: `/notifications/${listed.body.items[0].id}/retry` };
  },
};

const { t } = await useApp({ env: { TOKEN_RATE_LIMIT: '1000000' } });
const doc = t.app.swagger() as Json;
const operations: Operation[] = operationsOf(doc);
const posts = operations.filter((op) => op.method === 'POST' && op.authenticated);
let seed: Records;
let tables: string[];
let operator: string;
let customerId: string;
const ran: string[] = [];

const creating = (path: string) => creatingOperations(operations).find((op) => op.path === path)!;

async function signed(records: Records): Promise<string> {
  const answer = await t.request<Json>(
    'POST',
    `/customers/${records.get('/customers')!.id}/sign?persist=true`,
    operator,
    { order: 'o-1' },
  );
  return answer.body.signedData;
}

beforeAll(async () => {
  operator = await t.operator();
  customerId = (await t.tenant()).customerId;
  seed = await seedRecords(t, doc, operations, operator, { customerId });
  tables = await tablesOf(t.built.db);
});
afterAll(async () => {
  console.log(
    `idempotency: ${ran.length} of ${posts.length} POST operations replayed byte for byte (${Object.keys(PREPARE).length} prepared first)`,
  );
});

const takesKey = (op: Operation) =>
  op.parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key');

/** The records an operation acts on: a fresh record of the collection its path names, so no earlier test's action changed it. */
async function recordsFor(op: Operation): Promise<Records> {
  const records = new Map(seed);
  const collection = /^(\/[^{]*[^/{])\/\{/.exec(op.path)?.[1];
  const create = collection
    ? creatingOperations(operations).find((candidate) => candidate.path === collection)
    : undefined;
  if (create) {
    const fresh = await createThrough(t, doc, create, operator, records, { extra: { customerId } });
    if (fresh) records.set(collection!, fresh);
  }
  return records;
}

/** A free-text top-level field of the body: changing it makes another request that still validates. */
function anotherBody(op: Operation, body: unknown): Json | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const json = body as Json;
  const schema = resolve(doc, op.body?.schema);
  const field = Object.keys(json).find((name) => {
    const property = resolve(doc, schema.properties?.[name]);
    return (
      typeof json[name] === 'string' &&
      property.type === 'string' &&
      !property.enum &&
      !property.format &&
      !property.pattern &&
      (property.maxLength ?? 100) > json[name].length + 6
    );
  });
  return field ? { ...json, [field]: `${json[field]}-other` } : undefined;
}

async function send(url: string, call: Call, key: string) {
  const json = call.body !== undefined;
  return t.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${operator}`,
      'idempotency-key': key,
      ...(json ? { 'content-type': call.contentType ?? 'application/json' } : {}),
    },
    ...(json ? { payload: JSON.stringify(call.body) } : {}),
  });
}

/** Nothing but the idempotency keys changed since `before`. */
async function storedNothingSince(before: Record<string, string>) {
  expect(
    changedTables(before, await fingerprint(t.built.db, tables)).filter((table) => table !== 'idempotency_keys'),
  ).toEqual([]);
}

describe('Idempotency-Key on every POST, generated from the OpenAPI document', () => {
  it('is declared on every authenticated POST but those named here with the reason', () => {
    const without = posts.filter((op) => !takesKey(op)).map((op) => op.id);
    expect(without.sort()).toEqual(Object.keys(NOT_IDEMPOTENT).sort());
  });

  it.each(posts.filter(takesKey).map((op) => [`POST ${op.path}`, op] as const))(
    '%s: a second send replays the first answer and stores nothing; another request with the key answers 422',
    async (_name, op) => {
      const records = await recordsFor(op);
      const prepared = (await PREPARE[op.id]?.({ records, customerId })) ?? {};
      const url =
        prepared.url ??
        fillPath(
          op.path,
          Object.fromEntries(
            Object.entries(pathValuesFor(op.path, records, op.parameters)).map(([k, v]) => [k, encode(v)]),
          ),
        );
      const example = op.body?.mediaTypes.includes('application/json')
        ? exampleBody(t, doc, op, records, { customerId })
        : undefined;
      const call: Call = { body: 'body' in prepared ? prepared.body : example };
      const key = `replay-${op.id}-${Math.random().toString(36).slice(2)}`;
      let first = await send(url, call, key);
      // A free text that is code (a price function's expression) breaks when made unique: the example as written.
      if (first.statusCode === 400 && call.body === example && example !== undefined) {
        call.body = exampleBody(t, doc, op, records, { customerId }, false);
        first = await send(url, call, key);
      }
      expect(
        first.statusCode,
        `${op.id}: the first send must succeed to be replayed: ${first.body.slice(0, 300)}`,
      ).toBeLessThan(300);
      const stored = await fingerprint(t.built.db, tables);
      const second = await send(url, call, key);
      expect(second.statusCode).toBe(first.statusCode);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.rawPayload.equals(first.rawPayload), `${op.id}: the replay is not byte-equal`).toBe(true);
      await storedNothingSince(stored);
      // Another request: another free text in the body where it has one, else the key on another operation.
      const other = anotherBody(op, call.body);
      const mismatch = other
        ? await send(url, { ...call, body: other }, key)
        : await send('/events', { body: { fact: 'other', subject: 'request' } }, key);
      expect(mismatch.statusCode, `${op.id}: ${mismatch.body.slice(0, 200)}`).toBe(422);
      await storedNothingSince(stored);
      ran.push(op.id);
    },
  );
});
