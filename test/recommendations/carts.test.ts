import { describe, expect, it } from 'vitest';
import { createProduct, type Json } from '../catalog/catalog-factories.js';
import { useApp } from '../support/fixture.js';
import { createCart } from './recommendation-kit.js';

const { t } = await useApp();

describe('carts', () => {
  it('creates a cart of visible products, reads and replaces it', async () => {
    const { token, customerId } = await t.tenant();
    const [a, b] = [await createProduct(t, token), await createProduct(t, token)];
    const cart = await createCart(t, token, [a.id], { enduserId: 'eu-1', source: 'PURCHASE' });
    expect(cart).toMatchObject({
      customerId,
      storeId: 'store-eu',
      country: 'FR',
      currency: 'EUR',
      enduserId: 'eu-1',
      source: 'PURCHASE',
      items: [{ productId: a.id, quantity: 1 }],
      dbVersion: 0,
    });
    expect((await t.request('GET', `/carts/${cart.id}`, token)).body).toEqual(cart);
    const replaced = await t.request('PUT', `/carts/${cart.id}`, token, {
      ...cart,
      items: [
        { productId: a.id, quantity: 2 },
        { productId: b.id, quantity: 1 },
      ],
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect((replaced.body as Json).items).toHaveLength(2);
  });

  it("answers 400 naming the product for an unknown product, another tenant's product, and a product listed twice; nothing is stored", async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    const mine = await createProduct(t, owner.token);
    const theirs = await createProduct(t, other.token);
    const body = (productIds: string[]) => ({
      storeId: 'store-eu',
      country: 'FR',
      currency: 'EUR',
      items: productIds.map((productId) => ({ productId, quantity: 1 })),
    });
    for (const [items, words] of [
      [[mine.id, 'no-such-product'], 'no-such-product'],
      [[theirs.id], theirs.id],
      [[mine.id, mine.id], 'already in the cart'],
    ] as const) {
      const res = await t.request('POST', '/carts', owner.token, body([...items]));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect((res.body as Json).message).toContain(words);
    }
    const cart = await createCart(t, owner.token, [mine.id]);
    const bad = await t.request('PUT', `/carts/${cart.id}`, owner.token, body([theirs.id]));
    expect(bad.status).toBe(400);
    expect(((await t.request('GET', `/carts/${cart.id}`, owner.token)).body as Json).items).toEqual([
      { productId: mine.id, quantity: 1 },
    ]);
  });

  it("answers 400 for a bad country, currency, source or quantity, and 404 for another tenant's cart", async () => {
    const owner = await t.tenant();
    const product = await createProduct(t, owner.token);
    const item = { productId: product.id, quantity: 1 };
    for (const body of [
      { storeId: 'store-eu', country: 'France', currency: 'EUR', items: [item] },
      { storeId: 'store-eu', country: 'FR', currency: 'euro', items: [item] },
      { storeId: 'store-eu', country: 'FR', currency: 'EUR', source: 'SHOP', items: [item] },
      { storeId: 'store-eu', country: 'FR', currency: 'EUR', items: [{ ...item, quantity: 0 }] },
      { country: 'FR', currency: 'EUR', items: [item] },
    ]) {
      expect((await t.request('POST', '/carts', owner.token, body)).status, JSON.stringify(body)).toBe(400);
    }
    const cart = await createCart(t, owner.token, [product.id]);
    expect((await t.request('GET', `/carts/${cart.id}`, (await t.tenant()).token)).status).toBe(404);
  });
});
