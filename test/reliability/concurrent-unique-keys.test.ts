import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDetailedError, productBody } from '../catalog/catalog-factories.js';
import { expectError, modelBody, unique } from '../subscriptions/subscription-factories.js';
import type { TestApp } from '../support/test-app.js';
import { type HttpClients, startConcurrentApp, statusCounts } from './concurrent-clients.js';

/** 50 clients taking the same unique key at the same time, over real connections: the unique index decides. */
const CLIENTS = 50;

let t: TestApp;
let http: HttpClients;
let close: () => Promise<void>;
let token: string;
beforeAll(async () => {
  ({ t, http, close } = await startConcurrentApp(CLIENTS));
  token = (await t.tenant()).token;
});
afterAll(() => close());

async function countRows(table: string, field: string, value: string): Promise<number> {
  const { rows } = await t.built.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE doc ->> '${field}' = $1`,
    [value],
  );
  return rows[0]!.n;
}

describe('50 concurrent creates with the same unique key', () => {
  it('subscription models with one name: exactly one 201, 49 answers 409 naming the key, one row', async () => {
    const name = unique('model');
    const answers = await http.burst(CLIENTS, (i) =>
      http.send('POST', '/subscription-models', token, modelBody({ name, description: `client-${i}` })),
    );
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: CLIENTS - 1 });
    for (const refused of answers.filter((a) => a.status === 409))
      expectError(refused, 409, `name ${JSON.stringify(name)}`);
    expect(await countRows('subscription_models', 'name', name)).toBe(1);
  });

  it('products with one publisherRefId: exactly one 201, 49 answers 409 (CONFLICT), one row', async () => {
    const ref = unique('REF');
    const answers = await http.burst(CLIENTS, () =>
      http.send('POST', '/products', token, productBody({ publisherRefId: ref })),
    );
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: CLIENTS - 1 });
    for (const refused of answers.filter((a) => a.status === 409))
      expectDetailedError(refused, 409, 'CONFLICT', `publisherRefId ${JSON.stringify(ref)}`);
    expect(await countRows('products', 'publisherRefId', ref)).toBe(1);
  });
});

describe('50 concurrent updates moving 50 records onto the same unique key', () => {
  it('products onto one publisherRefId: exactly one 200, 49 answers 409, the others unchanged', async () => {
    const products = await http.burst(
      CLIENTS,
      async () => (await http.send('POST', '/products', token, productBody())).body,
    );
    expect(products.every((p) => typeof p.id === 'string')).toBe(true);
    const ref = unique('REF');
    const answers = await http.burst(CLIENTS, (i) =>
      http.send(
        'PUT',
        `/products/${products[i].id}`,
        token,
        productBody({ genericName: products[i].genericName, publisherRefId: ref, dbVersion: 0 }),
      ),
    );
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: CLIENTS - 1 });
    expect(await countRows('products', 'publisherRefId', ref)).toBe(1);
    const losers = products.filter((_, i) => answers[i]!.status === 409);
    const reread = await http.burst(losers.length, (i) => http.send('GET', `/products/${losers[i].id}`, token));
    expect(reread.map((answer) => answer.body)).toEqual(losers);
  });
});
