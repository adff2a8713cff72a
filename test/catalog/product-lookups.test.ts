import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { createProduct, expectDetailedError, type Json } from './catalog-factories.js';

const { t } = await useApp();

describe('GET /products/{id}/next-generation', () => {
  it('answers the product whose nextGenerationOf names this one, the most recently created when several do', async () => {
    const { token } = await t.tenant();
    const old = await createProduct(t, token);
    const unrelated = await createProduct(t, token);
    const first = await createProduct(t, token, { nextGenerationOf: [unrelated.id, old.id] });
    let res = await t.request('GET', `/products/${old.id}/next-generation`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual(first);
    const newest = await createProduct(t, token, { nextGenerationOf: [old.id] });
    res = await t.request('GET', `/products/${old.id}/next-generation`, token);
    expect((res.body as Json).id).toBe(newest.id);
  });

  it("answers 404 when no product names it, for an unknown product, and ignores other tenants' products", async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    const old = await createProduct(t, owner.token);
    expectDetailedError(
      await t.request('GET', `/products/${old.id}/next-generation`, owner.token),
      404,
      'NOT_FOUND',
      'next generation',
    );
    expectDetailedError(
      await t.request('GET', '/products/no-such-product/next-generation', owner.token),
      404,
      'NOT_FOUND',
    );
    expectDetailedError(await t.request('GET', `/products/${old.id}/next-generation`, other.token), 404, 'NOT_FOUND');
  });
});

describe('GET /products/default-currencies', () => {
  it('answers a JSON object of product id -> default currency, null when a product has none', async () => {
    const { token } = await t.tenant();
    const euro = await createProduct(t, token);
    const dollar = await createProduct(t, token, { prices: { defaultCurrency: 'USD' } });
    const none = await createProduct(t, token, { prices: {} });
    const res = await t.request(
      'GET',
      `/products/default-currencies?productId=${euro.id},${dollar.id}, ${none.id},${euro.id}`,
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ [euro.id]: 'EUR', [dollar.id]: 'USD', [none.id]: null });
  });

  it("answers 404 when one id is unknown or another tenant's, 400 for an empty list or more than 100 ids", async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    const product = await createProduct(t, owner.token);
    expectDetailedError(
      await t.request('GET', `/products/default-currencies?productId=${product.id},no-such-product`, owner.token),
      404,
      'NOT_FOUND',
      'no-such-product',
    );
    expectDetailedError(
      await t.request('GET', `/products/default-currencies?productId=${product.id}`, other.token),
      404,
      'NOT_FOUND',
    );
    expectDetailedError(
      await t.request('GET', '/products/default-currencies?productId=,%20,', owner.token),
      400,
      'VALIDATION',
      'productId',
    );
    expectDetailedError(
      await t.request('GET', '/products/default-currencies', owner.token),
      400,
      'VALIDATION',
      'productId',
    );
    const many = Array.from({ length: 101 }, (_, i) => `id-${i}`).join(',');
    expectDetailedError(
      await t.request('GET', `/products/default-currencies?productId=${many}`, owner.token),
      400,
      'VALIDATION',
      'at most 100',
    );
  });
});
