import { expect } from 'vitest';
import type { Json } from '../support/json.js';
import type { TestApp } from '../support/test-app.js';
import { unique } from '../support/unique.js';

/** Small factories and checks shared by the Product API tests. */
export type { Json } from '../support/json.js';

export { unique };

/** A valid product body; each call gets its own publisherRefId. */
export function productBody(overrides: Json = {}): Json {
  return {
    genericName: unique('Product'),
    publisherRefId: unique('REF'),
    lifeTime: '1YEAR',
    sellingStores: ['store-eu'],
    prices: { defaultCurrency: 'EUR', priceByCountryByCurrency: { FR: { EUR: { value: 119.99, vatIncluded: true } } } },
    ...overrides,
  };
}

/** POST /products; fails the test on anything but 201. */
export async function createProduct(t: TestApp, token: string, overrides: Json = {}): Promise<Json> {
  const res = await t.request('POST', '/products', token, productBody(overrides));
  if (res.status !== 201) throw new Error(`create product answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Json;
}

/** The detailed error shape of docs/product-decisions.md §4 with this status, errorType and (part of the) message. */
export function expectDetailedError(
  res: { status: number; body: unknown },
  status: number,
  errorType: string,
  message?: string | RegExp,
): Json {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = res.body as Json;
  expect(body).toMatchObject({
    status,
    error: expect.any(String),
    message: expect.any(String),
    timestamp: expect.any(Number),
  });
  expect(body.details?.[0]?.errorType, JSON.stringify(body)).toBe(errorType);
  if (typeof message === 'string') expect(body.message).toContain(message);
  else if (message) expect(body.message).toMatch(message);
  return body;
}

/** The ids of a list answer, in order. */
export async function listedIds(t: TestApp, token: string, query: string): Promise<string[]> {
  const res = await t.request('GET', `/products?${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ((res.body as Json).items as Json[]).map((item) => item.id);
}
