import { describe, expect, it } from 'vitest';
import { createOrder } from '../../src/apis/orders/order.service.js';
import { createSubscription } from '../subscriptions/subscription-factories.js';
import { useApp } from '../support/fixture.js';
import { createProduct, type Json } from './catalog-factories.js';

const { t } = await useApp();

/** An order of the tenant for these products, as pre-billing makes it: of a subscription to them. */
async function orderOf(
  { token, customerId }: { token: string; customerId: string },
  productIds: string[],
): Promise<string> {
  const subscription = await createSubscription(t, token, { products: productIds.map((id) => ({ id })) });
  const order = await t.built.db.transaction((tx) =>
    createOrder(t.built.services, tx, {
      subscriptionId: subscription.id,
      customerId,
      lineItems: productIds.map((productId) => ({ productId, quantity: 1 })),
    }),
  );
  return order.id;
}

describe('GET /assets/control/{orderId}/{filename}', () => {
  it("answers belongs: true with the product when a line item's product lists the file, whatever its URL", async () => {
    const tenant = await t.tenant();
    const { token } = tenant;
    const plain = await createProduct(t, token);
    const withFiles = await createProduct(t, token, {
      relatedContents: [
        { file: 'readme.txt' },
        { file: 'https://cdn.example.com/assets/abc/user%20guide.pdf?token=x', label: 'Guide' },
      ],
    });
    const orderId = await orderOf(tenant, [plain.id, withFiles.id]);
    const res = await t.request('GET', `/assets/control/${orderId}/user%20guide.pdf`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      orderId,
      filename: 'user guide.pdf',
      belongs: true,
      productId: withFiles.id,
      label: 'Guide',
    });
    expect((await t.request('GET', `/assets/control/${orderId}/readme.txt`, token)).body).toEqual({
      orderId,
      filename: 'readme.txt',
      belongs: true,
      productId: withFiles.id,
    });
  });

  it('answers belongs: false for a file no product of the order lists (another product may list it)', async () => {
    const tenant = await t.tenant();
    const { token } = tenant;
    const bought = await createProduct(t, token, { relatedContents: [{ file: 'manual.pdf' }] });
    await createProduct(t, token, { relatedContents: [{ file: 'secret.pdf' }] });
    const orderId = await orderOf(tenant, [bought.id]);
    const res = await t.request('GET', `/assets/control/${orderId}/secret.pdf`, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ orderId, filename: 'secret.pdf', belongs: false });
    expect(((await t.request('GET', `/assets/control/${orderId}/MANUAL.pdf`, token)).body as Json).belongs).toBe(false);
  });

  it("answers 404 for an unknown order or another tenant's order, and 401 without a token", async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    const product = await createProduct(t, owner.token, { relatedContents: [{ file: 'manual.pdf' }] });
    const orderId = await orderOf(owner, [product.id]);
    const unknown = await t.request('GET', '/assets/control/no-such-order/manual.pdf', owner.token);
    expect(unknown.status).toBe(404);
    expect((unknown.body as Json).message).toContain('no-such-order');
    expect((await t.request('GET', `/assets/control/${orderId}/manual.pdf`, other.token)).status).toBe(404);
    expect((await t.request('GET', `/assets/control/${orderId}/manual.pdf`, undefined)).status).toBe(401);
    expect(
      ((await t.request('GET', `/assets/control/${orderId}/manual.pdf`, await t.operator())).body as Json).belongs,
    ).toBe(true);
  });
});
