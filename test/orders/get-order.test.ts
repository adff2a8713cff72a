import { describe, expect, it } from 'vitest';
import { createOrder } from '../../src/apis/orders/order.service.js';
import { ValidationError } from '../../src/platform/errors/domain-errors.js';
import { createSubscription, productIds } from '../subscriptions/subscription-factories.js';
import { useApp } from '../support/fixture.js';
import { OPERATOR_SECRET } from '../support/test-app.js';
import { expectSimpleError } from '../terms/terms-factories.js';

const { t, operator } = await useApp({ operator: true });

/**
 * A new order of `customerId` as pre-billing hands it over: an order names its subscription and products, so the
 * operator first makes them for that customer.
 */
async function order(customerId: string) {
  const [first, second] = await productIds(t, operator, 2, customerId);
  const subscription = await createSubscription(t, operator, { customerId, products: [{ id: first }, { id: second }] });
  return {
    subscriptionId: subscription.id as string,
    customerId,
    enduserId: 'enduser-1',
    lineItems: [
      { productId: first!, quantity: 2 },
      { id: 'li-given', productId: second!, subscriptionId: 'sub-other', quantity: 1 },
    ],
  };
}

describe('createOrder (what pre-billing calls)', () => {
  it('stores the docs/product-decisions.md §7 shape with server ids and dates, and emits a created event in the same transaction', async () => {
    const given = await order('cust-a');
    const [first, second] = given.lineItems;
    const created = await t.built.db.transaction((tx) => createOrder(t.built.services, tx, given));
    expect(created).toEqual({
      id: expect.any(String),
      subscriptionId: given.subscriptionId,
      customerId: 'cust-a',
      enduserId: 'enduser-1',
      lineItems: [
        { id: expect.any(String), productId: first!.productId, subscriptionId: given.subscriptionId, quantity: 2 },
        { id: 'li-given', productId: second!.productId, subscriptionId: 'sub-other', quantity: 1 },
      ],
      createDate: expect.stringMatching(/Z$/),
      updateDate: created.createDate,
      dbVersion: 0,
    });
    const { rows } = await t.built.db.query<{ event: any }>(
      `SELECT event FROM outbox WHERE subject = 'order' AND event -> 'involved' -> 'order' ->> 'id' = $1`,
      [created.id],
    );
    expect(rows.map((r) => r.event.fact)).toEqual(['created']);
    expect(rows[0]!.event.customerId).toBe('cust-a');
  });

  it('writes nothing when the transaction rolls back', async () => {
    let id = '';
    const given = await order('cust-a');
    await expect(
      t.built.db.transaction(async (tx) => {
        id = (await createOrder(t.built.services, tx, given)).id;
        throw new Error('pre-billing failed later');
      }),
    ).rejects.toThrow('pre-billing failed later');
    expect((await t.request('GET', `/orders/${id}`, operator)).status).toBe(404);
  });

  it('refuses an order without line items or with a bad quantity', async () => {
    const given = await order('c');
    await expect(
      t.built.db.transaction((tx) => createOrder(t.built.services, tx, { ...given, lineItems: [] })),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(
      t.built.db.transaction((tx) =>
        createOrder(t.built.services, tx, {
          ...given,
          lineItems: [{ productId: given.lineItems[0]!.productId, quantity: 0 }],
        }),
      ),
    ).rejects.toThrow(/quantity/);
  });
});

describe('GET /orders/{id}', () => {
  it("answers 200 with the tenant's own order and its ETag", async () => {
    const tenant = await t.tenant();
    const given = await order(tenant.customerId);
    const created = await t.built.db.transaction((tx) => createOrder(t.built.services, tx, given));
    const res = await t.request('GET', `/orders/${created.id}`, tenant.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
    expect(res.headers.etag).toBe('"0"');
  });

  it("answers 404 for another tenant's order, as for an unknown one; the operator reads both", async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    const given = await order(owner.customerId);
    const created = await t.built.db.transaction((tx) => createOrder(t.built.services, tx, given));
    expectSimpleError(
      await t.request('GET', `/orders/${created.id}`, other.token),
      404,
      `order ${created.id} was not found`,
    );
    expect((await t.request('GET', `/orders/${created.id}`, operator)).status).toBe(200);
  });

  it('lets a reseller read the orders of a customer it is authorized for', async () => {
    const publisher = await t.tenant();
    const given = await order(publisher.customerId);
    const created = await t.built.db.transaction((tx) => createOrder(t.built.services, tx, given));
    const reseller = await t.tenant(undefined, [publisher.customerId]);
    expect((await t.request('GET', `/orders/${created.id}`, reseller.token)).status).toBe(200);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expectSimpleError(await t.request('GET', '/orders/0190f0e0-0000-7000-8000-000000000000', operator), 404);
    for (const id of ['x', encodeURIComponent('../x'), 'a%00b', encodeURIComponent("' OR 1=1 --")]) {
      expect((await t.request('GET', `/orders/${id}`, operator)).status).toBe(404);
    }
  });

  it('needs subscriptions:read (403 without it, 401 without a token)', async () => {
    const given = await order('cust-b');
    const created = await t.built.db.transaction((tx) => createOrder(t.built.services, tx, given));
    const narrow = await t.token({
      realmName: 'operator',
      grantType: 'client_credentials',
      clientSecret: OPERATOR_SECRET,
      scope: 'assets:read',
    });
    expectSimpleError(await t.request('GET', `/orders/${created.id}`, narrow.access_token), 403, 'subscriptions:read');
    expectSimpleError(await t.request('GET', `/orders/${created.id}`, undefined), 401);
  });
});
