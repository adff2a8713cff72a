import type { Json } from '../catalog/catalog-factories.js';
import type { TestApp } from '../support/test-app.js';

export const DAY_MS = 86_400_000;

/** A valid rule body, current (yesterday to tomorrow) in store-eu at the CART level; `overrides` replace fields. */
export function ruleBody(overrides: Json = {}): Json {
  const now = Date.now();
  return {
    name: 'Rule',
    status: 'ENABLED',
    type: 'CROSS_SELL',
    function: 'idToIdsRecoRule',
    levels: ['CART'],
    eligibleStoreIds: ['store-eu'],
    startDate: now - DAY_MS,
    endDate: now + DAY_MS,
    ...overrides,
  };
}

export async function createRule(t: TestApp, token: string, overrides: Json = {}): Promise<Json> {
  const res = await t.request('POST', '/recommendation-rules', token, ruleBody(overrides));
  if (res.status !== 201) throw new Error(`create rule answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Json;
}

export async function createCart(t: TestApp, token: string, productIds: string[], overrides: Json = {}): Promise<Json> {
  const body = {
    storeId: 'store-eu',
    country: 'FR',
    currency: 'EUR',
    items: productIds.map((productId) => ({ productId, quantity: 1 })),
    ...overrides,
  };
  const res = await t.request('POST', '/carts', token, body);
  if (res.status !== 201) throw new Error(`create cart answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Json;
}
