import { describe, expect, it } from 'vitest';
import { customerWithToken } from '../customers/customer-factories.js';
import { useApp } from '../support/fixture.js';
import { createProduct, expectDetailedError, type Json, productBody } from './catalog-factories.js';
import { productEvents } from './product-events.js';

const { t } = await useApp();

describe('PUT /products/fulfillment-templates', () => {
  it('gives every product of the customer with the source template the target, each dbVersion + 1 with an event, and answers the count', async () => {
    const customer = await customerWithToken(t);
    const { token, id: customerId } = customer;
    const a = await createProduct(t, token, { fulfillmentTemplate: 'v0-key' });
    const b = await createProduct(t, token, { fulfillmentTemplate: 'v0-key' });
    const other = await createProduct(t, token, { fulfillmentTemplate: 'v0-box' });
    const none = await createProduct(t, token);
    const body = { customerId, fulfillmentTemplateSource: 'v0-key', fulfillmentTemplateIdTarget: 'tpl-123' };
    const res = await t.request('PUT', '/products/fulfillment-templates', token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ...body, updated: 2 });
    for (const product of [a, b]) {
      expect((await t.request('GET', `/products/${product.id}`, token)).body).toMatchObject({
        fulfillmentTemplate: 'tpl-123',
        dbVersion: 1,
      });
      const events = await productEvents(t, product.id);
      expect(events.map((e) => e.fact)).toEqual(['created', 'updated']);
      expect(events[1].what.delta).toEqual({
        fulfillmentTemplate: 'tpl-123',
        dbVersion: 1,
        updateDate: expect.any(String),
      });
    }
    expect((await t.request('GET', `/products/${other.id}`, token)).body).toMatchObject({
      fulfillmentTemplate: 'v0-box',
      dbVersion: 0,
    });
    expect((await t.request('GET', `/products/${none.id}`, token)).body).toMatchObject({ dbVersion: 0 });
    expect((await t.request('PUT', '/products/fulfillment-templates', token, body)).body).toMatchObject({ updated: 0 });
  });

  it("lets the operator act for any customer and leaves other customers' products alone", async () => {
    const first = await customerWithToken(t);
    const second = await customerWithToken(t);
    const mine = await createProduct(t, first.token, { fulfillmentTemplate: 'shared' });
    const theirs = await createProduct(t, second.token, { fulfillmentTemplate: 'shared' });
    const res = await t.request('PUT', '/products/fulfillment-templates', await t.operator(), {
      customerId: first.id,
      fulfillmentTemplateSource: 'shared',
      fulfillmentTemplateIdTarget: 'next',
    });
    expect(res.body).toMatchObject({ updated: 1 });
    expect((await t.request('GET', `/products/${mine.id}`, first.token)).body).toMatchObject({
      fulfillmentTemplate: 'next',
    });
    expect((await t.request('GET', `/products/${theirs.id}`, second.token)).body).toMatchObject({
      fulfillmentTemplate: 'shared',
    });
  });

  it('answers 403 for a customer the token may not act for, 404 for an unknown customer, 400 for a missing field', async () => {
    const customer = await customerWithToken(t);
    const stranger = await customerWithToken(t);
    const product = await createProduct(t, stranger.token, { fulfillmentTemplate: 'x' });
    const body = { fulfillmentTemplateSource: 'x', fulfillmentTemplateIdTarget: 'y' };
    expectDetailedError(
      await t.request('PUT', '/products/fulfillment-templates', customer.token, { ...body, customerId: stranger.id }),
      403,
      'FORBIDDEN',
    );
    expectDetailedError(
      await t.request('PUT', '/products/fulfillment-templates', await t.operator(), {
        ...body,
        customerId: 'no-such-customer',
      }),
      404,
      'NOT_FOUND',
      'no-such-customer',
    );
    expectDetailedError(
      await t.request('PUT', '/products/fulfillment-templates', customer.token, {
        customerId: customer.id,
        fulfillmentTemplateSource: 'x',
      }),
      400,
      'VALIDATION',
      'fulfillmentTemplateIdTarget',
    );
    expect((await t.request('GET', `/products/${product.id}`, stranger.token)).body).toMatchObject({
      fulfillmentTemplate: 'x',
      dbVersion: 0,
    });
  });
});

describe('PUT /products/{id}/without-prices', () => {
  it('replaces the product but keeps the stored prices, with or without prices in the body', async () => {
    const { token } = await t.tenant();
    const stored = await createProduct(t, token, { productFamily: 'before', taxCode: 'T1' });
    const res = await t.request(
      'PUT',
      `/products/${stored.id}/without-prices`,
      token,
      productBody({
        publisherRefId: stored.publisherRefId,
        productFamily: 'after',
        prices: { defaultCurrency: 'USD' },
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: stored.id, productFamily: 'after', prices: stored.prices, dbVersion: 1 });
    // PUT semantics: a field the body leaves out is cleared.
    expect((res.body as Json).taxCode).toBeUndefined();
    expect(res.headers.etag).toBe('"1"');
    const { prices: _dropped, ...withoutPrices } = productBody({ publisherRefId: stored.publisherRefId });
    const again = await t.request('PUT', `/products/${stored.id}/without-prices`, token, withoutPrices);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ prices: stored.prices, dbVersion: 2 });
    expect((await productEvents(t, stored.id)).map((e) => e.fact)).toEqual(['created', 'updated', 'updated']);
  });

  it('answers 412 for a stale If-Match or body dbVersion, 404 for an unknown product, 409 for a taken publisherRefId', async () => {
    const { token } = await t.tenant();
    const stored = await createProduct(t, token);
    const taken = await createProduct(t, token);
    const body = productBody({ publisherRefId: stored.publisherRefId });
    expectDetailedError(
      await t.request('PUT', `/products/${stored.id}/without-prices`, token, body, { 'if-match': '"5"' }),
      412,
      'STALE_VERSION',
    );
    expectDetailedError(
      await t.request('PUT', `/products/${stored.id}/without-prices`, token, { ...body, dbVersion: 3 }),
      412,
      'STALE_VERSION',
    );
    expectDetailedError(
      await t.request('PUT', '/products/no-such-product/without-prices', token, body),
      404,
      'NOT_FOUND',
    );
    expectDetailedError(
      await t.request('PUT', `/products/${stored.id}/without-prices`, token, {
        ...body,
        publisherRefId: taken.publisherRefId,
      }),
      409,
      'CONFLICT',
    );
    expect(
      (await t.request('PUT', `/products/${stored.id}/without-prices`, token, body, { 'if-match': '"0"' })).status,
    ).toBe(200);
  });
});
