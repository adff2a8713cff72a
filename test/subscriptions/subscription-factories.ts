import { expect } from 'vitest';
import { createProduct } from '../catalog/catalog-factories.js';
import type { Json } from '../support/json.js';
import type { TestApp } from '../support/test-app.js';
import { unique } from '../support/unique.js';

/** Small factories and checks shared by the Subscription API tests. */
export type { Json } from '../support/json.js';

export { unique };

export function modelBody(overrides: Json = {}): Json {
  return { name: unique('model'), term: { unit: 'MONTH', value: '1' }, ...overrides };
}

/**
 * A subscription body following an inline monthly model. It names no product of its own: the engine refuses ids naming
 * no product the writer may see, so give `products` real ones (productIds makes them).
 */
export function subscriptionBody(overrides: Json = {}): Json {
  return {
    name: unique('sub'),
    enduserId: 'enduser-1',
    currency: 'EUR',
    model: { term: { unit: 'MONTH', value: '1' } },
    ...overrides,
  };
}

/**
 * The ids of `count` new products of the token's customer, or of `customerId` when the operator makes them for one
 * (an operator's product without customerId is the operator's alone: no tenant may name it).
 */
export async function productIds(t: TestApp, token: string, count: number, customerId?: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await createProduct(t, token, customerId ? { customerId } : {})).id);
  return ids;
}

async function created(res: { status: number; body: unknown }, what: string): Promise<Json> {
  if (res.status !== 201) throw new Error(`create ${what} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Json;
}

export async function createModel(t: TestApp, token: string, overrides: Json = {}): Promise<Json> {
  return created(await t.request('POST', '/subscription-models', token, modelBody(overrides)), 'subscription model');
}

/** POST /subscriptions; without `products` in overrides, the subscription gets one new product of its customer. */
export async function createSubscription(t: TestApp, token: string, overrides: Json = {}): Promise<Json> {
  const products =
    'products' in overrides
      ? {}
      : { products: (await productIds(t, token, 1, overrides.customerId)).map((id) => ({ id })) };
  return created(
    await t.request('POST', '/subscriptions', token, subscriptionBody({ ...products, ...overrides })),
    'subscription',
  );
}

/** POST /subscriptions/{id}/{action}. */
export function act(
  t: TestApp,
  token: string,
  id: string,
  action: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return t.request<Json>('POST', `/subscriptions/${id}/${action}`, token, body, headers);
}

/** The simple error shape with this status and (part of the) message. */
export function expectError(res: { status: number; body: unknown }, status: number, message?: string | RegExp): Json {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = res.body as Json;
  expect(body).toMatchObject({
    status,
    error: expect.any(String),
    message: expect.any(String),
    path: expect.any(String),
    timestamp: expect.anything(),
  });
  if (typeof message === 'string') expect(body.message).toContain(message);
  else if (message) expect(body.message).toMatch(message);
  return body;
}

/** Epoch ms of a UTC date. */
export const utc = (iso: string) => Date.parse(iso);

/**
 * A tenant's token that is always valid at the app's clock: the tests move the clock by days (expiry, terms), past
 * any access token's lifetime, so a new one is issued whenever the clock has moved.
 */
export function tokenFor(t: TestApp, tenant: { realm: string; clientSecret: string }): () => Promise<string> {
  let issuedAt = Number.NaN;
  let token = '';
  return async () => {
    const now = t.built.clock.now().getTime();
    if (now !== issuedAt) {
      token = (
        await t.token({ realmName: tenant.realm, grantType: 'client_credentials', clientSecret: tenant.clientSecret })
      ).access_token;
      issuedAt = now;
    }
    return token;
  };
}
