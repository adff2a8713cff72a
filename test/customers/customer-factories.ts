import { expect } from 'vitest';
import type { Json } from '../support/json.js';
import type { TestApp } from '../support/test-app.js';
import { unique } from '../support/unique.js';

/** Small factories and checks shared by the Customer API tests. */
export type { Json } from '../support/json.js';

export const MASK = '********';

export { unique };

/** A valid create body; each call gets its own name (and so its own default realm name). */
export function customerBody(overrides: Json = {}): Json {
  return {
    name: unique('Acme'),
    vatNumber: 'FR12345678901',
    features: { seller: true, usingBillingPlan: true },
    ...overrides,
  };
}

export interface CreatedCustomer {
  id: string;
  realmName: string;
  clientSecret: string;
  body: Json;
}

/** POST /customers as the operator; fails the test on anything but 201. */
export async function createCustomer(t: TestApp, overrides: Json = {}): Promise<CreatedCustomer> {
  const res = await t.request('POST', '/customers', await t.operator(), customerBody(overrides));
  if (res.status !== 201) throw new Error(`create customer answered ${res.status}: ${JSON.stringify(res.body)}`);
  const body = res.body as Json;
  return { id: body.id, realmName: body.realmName, clientSecret: body.iamClient.clientSecret, body };
}

/** A client_credentials token of the customer's own confidential client. */
export async function customerToken(
  t: TestApp,
  customer: Pick<CreatedCustomer, 'realmName' | 'clientSecret'>,
  scope?: string,
): Promise<string> {
  const response = await t.token({
    realmName: customer.realmName,
    grantType: 'client_credentials',
    clientSecret: customer.clientSecret,
    ...(scope ? { scope } : {}),
  });
  return response.access_token as string;
}

/** A customer and a token of its own. */
export async function customerWithToken(
  t: TestApp,
  overrides: Json = {},
): Promise<CreatedCustomer & { token: string }> {
  const customer = await createCustomer(t, overrides);
  return { ...customer, token: await customerToken(t, customer) };
}

/** The simple error shape of docs/product-decisions.md §4 with this status (and a message containing `message`). */
export function expectError(res: { status: number; body: unknown }, status: number, message?: string | RegExp): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = res.body as Json;
  expect(Object.keys(body).sort()).toEqual(['error', 'message', 'path', 'status', 'timestamp']);
  expect(body.status).toBe(status);
  if (message instanceof RegExp) expect(body.message).toMatch(message);
  else if (message !== undefined) expect(body.message).toContain(message);
}

/** Outbox events about one customer, oldest first. */
export async function customerEvents(t: TestApp, id: string): Promise<Json[]> {
  const { rows } = await t.built.db.query<{ event: Json }>(
    `SELECT event FROM outbox WHERE subject = 'customer' AND event -> 'involved' -> 'customer' ->> 'id' = $1 ORDER BY occurred_at, id`,
    [id],
  );
  return rows.map((r) => r.event);
}

/** Ids of a listing (fails on anything but 200). */
export async function listIds(t: TestApp, token: string, query: string): Promise<string[]> {
  const res = await t.request('GET', `/customers?${query}`, token);
  if (res.status !== 200) throw new Error(`list answered ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as Json).items.map((item: Json) => item.id);
}
