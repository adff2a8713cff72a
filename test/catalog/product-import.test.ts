import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { createProduct, expectDetailedError, type Json, listedIds, productBody } from './catalog-factories.js';
import { productEventCount, productEvents } from './product-events.js';

const { t } = await useApp();

describe('POST /products/import', () => {
  it('creates a product (201) with the reason, the store added and the locale as the description fallback', async () => {
    const { token, customerId } = await t.tenant();
    const body = productBody({ marketingName: { fr: 'Studio Photo' } });
    const res = await t.request(
      'POST',
      '/products/import?storeId=store-fr&reason=catalogue%20sync&locale=fr',
      token,
      body,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const product = res.body as Json;
    expect(product).toMatchObject({
      customerId,
      publisherRefId: body.publisherRefId,
      sellingStores: ['store-eu', 'store-fr'],
      lastUpdateReason: 'catalogue sync',
      dbVersion: 0,
    });
    expect(res.headers.etag).toBe('"0"');
    const description = (await t.request('GET', `/descriptions/${product.descriptionId}`, token)).body as Json;
    expect(description).toMatchObject({ fallbackLocale: 'fr', localizedMarketingName: { fr: 'Studio Photo' } });
    expect((await productEvents(t, product.id)).map((e) => e.fact)).toEqual(['created']);
  });

  it("replaces (200) the customer's product with the same publisherRefId, keeping its id, dbVersion + 1", async () => {
    const { token } = await t.tenant();
    const stored = await createProduct(t, token, { productFamily: 'old', sellingStores: ['store-fr'] });
    const body = productBody({
      publisherRefId: stored.publisherRefId,
      productFamily: 'new',
      sellingStores: ['store-fr'],
    });
    const res = await t.request('POST', '/products/import?storeId=store-fr&reason=resync', token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: stored.id,
      productFamily: 'new',
      sellingStores: ['store-fr'],
      lastUpdateReason: 'resync',
      dbVersion: 1,
    });
    expect(await listedIds(t, token, `publisherRefId=${stored.publisherRefId}`)).toEqual([stored.id]);
    expect((await productEvents(t, stored.id)).map((e) => e.fact)).toEqual(['created', 'updated']);
  });

  it('creates its own product when another customer uses the publisherRefId', async () => {
    const first = await t.tenant();
    const second = await t.tenant();
    const theirs = await createProduct(t, first.token);
    const res = await t.request(
      'POST',
      '/products/import',
      second.token,
      productBody({ publisherRefId: theirs.publisherRefId }),
    );
    expect(res.status).toBe(201);
    expect((res.body as Json).id).not.toBe(theirs.id);
  });

  it('with local=true sells the product in storeId only, and answers 400 without a storeId', async () => {
    const { token } = await t.tenant();
    const res = await t.request(
      'POST',
      '/products/import?local=true&storeId=store-local',
      token,
      productBody({ sellingStores: ['store-eu', 'store-us'] }),
    );
    expect(res.status).toBe(201);
    expect((res.body as Json).sellingStores).toEqual(['store-local']);
    expectDetailedError(
      await t.request('POST', '/products/import?local=true', token, productBody()),
      400,
      'VALIDATION',
      'storeId',
    );
  });

  it('with dryRun=true answers 200 with the product it would create or change, storing nothing and writing no event', async () => {
    const { token } = await t.tenant();
    const events = await productEventCount(t);
    const body = productBody({ marketingName: { en: 'Dry' } });
    const dry = await t.request('POST', '/products/import?dryRun=true&reason=try', token, body);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body).toMatchObject({ publisherRefId: body.publisherRefId, lastUpdateReason: 'try', dbVersion: 0 });
    expect((await t.request('GET', `/products/${(dry.body as Json).id}`, token)).status).toBe(404);
    expect((await t.request('GET', `/descriptions/${(dry.body as Json).descriptionId}`, token)).status).toBe(404);
    expect(await listedIds(t, token, `publisherRefId=${body.publisherRefId}`)).toEqual([]);
    const stored = await createProduct(t, token, { productFamily: 'kept' });
    const before = await productEventCount(t);
    const change = await t.request(
      'POST',
      '/products/import?dryRun=true',
      token,
      productBody({ publisherRefId: stored.publisherRefId, productFamily: 'changed' }),
    );
    expect(change.status).toBe(200);
    expect(change.body).toMatchObject({ id: stored.id, productFamily: 'changed', dbVersion: 1 });
    expect((await t.request('GET', `/products/${stored.id}`, token)).body).toMatchObject({
      productFamily: 'kept',
      dbVersion: 0,
    });
    expect(await productEventCount(t)).toBe(before);
    expect(before).toBe(events + 1);
  });

  it('validates like create (400 for a bad lifeTime, even in a dry run) and answers 412 for a stale dbVersion', async () => {
    const { token } = await t.tenant();
    expectDetailedError(
      await t.request('POST', '/products/import?dryRun=true', token, productBody({ lifeTime: 'month' })),
      400,
      'VALIDATION',
      'lifeTime',
    );
    const stored = await createProduct(t, token);
    expectDetailedError(
      await t.request(
        'POST',
        '/products/import',
        token,
        productBody({ publisherRefId: stored.publisherRefId, dbVersion: 7 }),
      ),
      412,
      'STALE_VERSION',
    );
    expectDetailedError(
      await t.request('POST', '/products/import?dryRun=maybe', token, productBody()),
      400,
      'VALIDATION',
      'dryRun',
    );
  });

  it('answers 403 for a customerId the token may not act for', async () => {
    const { token } = await t.tenant();
    expectDetailedError(
      await t.request('POST', '/products/import', token, productBody({ customerId: 'someone-else' })),
      403,
      'FORBIDDEN',
    );
  });
});
