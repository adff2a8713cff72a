import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { eventsOf } from '../support/outbox-events.js';
import { createProduct, expectDetailedError, type Json } from './catalog-factories.js';

const { t } = await useApp();

describe('product sale records', () => {
  it('creates an ENABLED record for a visible product, reads, lists by productId and replaces it', async () => {
    const { token, customerId } = await t.tenant();
    const product = await createProduct(t, token);
    const body = {
      productId: product.id,
      sellingStores: ['store-eu'],
      trialAllowed: true,
      trialDuration: 14,
      prices: { defaultCurrency: 'EUR', priceByCountryByCurrency: { FR: { EUR: { value: 99.5, vatIncluded: true } } } },
    };
    const res = await t.request('POST', '/product-sale-records', token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const record = res.body as Json;
    expect(record).toMatchObject({ ...body, customerId, status: 'ENABLED', dbVersion: 0 });
    expect((await t.request('GET', `/product-sale-records/${record.id}`, token)).body).toEqual(record);
    const listed = await t.request('GET', `/product-sale-records?productId=${product.id}`, token);
    expect(((listed.body as Json).items as Json[]).map((item) => item.id)).toEqual([record.id]);
    const updated = await t.request('PUT', `/product-sale-records/${record.id}`, token, {
      ...record,
      status: 'DISABLED',
    });
    expect(updated.body).toMatchObject({ status: 'DISABLED', dbVersion: 1 });
    expect((await eventsOf(t, 'product-sale-record', record.id)).map((event) => event.fact)).toEqual([
      'created',
      'updated',
    ]);
  });

  it("answers 400 naming productId for a product the caller cannot see, and 404 for another tenant's record", async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    const product = await createProduct(t, owner.token);
    expectDetailedError(
      await t.request('POST', '/product-sale-records', other.token, { productId: product.id }),
      400,
      'VALIDATION',
      `body.productId names no product this token may see: "${product.id}"`,
    );
    const record = (await t.request('POST', '/product-sale-records', owner.token, { productId: product.id }))
      .body as Json;
    expectDetailedError(await t.request('GET', `/product-sale-records/${record.id}`, other.token), 404, 'NOT_FOUND');
  });
});

describe('product events', () => {
  it('writes created and updated events with the product subject, the delta and the record', async () => {
    const { token, customerId } = await t.tenant();
    const product = await createProduct(t, token, { genericName: 'Before' });
    const updated = (await t.request('PUT', `/products/${product.id}`, token, { ...product, genericName: 'After' }))
      .body as Json;
    const [created, changed, ...more] = await eventsOf(t, 'product', product.id);
    expect(more).toEqual([]);
    expect(created).toMatchObject({ fact: 'created', subject: 'product', customerId, involved: { product } });
    expect(changed).toMatchObject({ fact: 'updated', subject: 'product', customerId, involved: { product: updated } });
    expect(changed!.what.delta).toMatchObject({ genericName: 'After', dbVersion: 1 });
    expect(changed!.what.previous).toMatchObject({ genericName: 'Before', dbVersion: 0 });
  });
});
