import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { createProduct, expectDetailedError, type Json, listedIds, unique } from './catalog-factories.js';
import { productEvents } from './product-events.js';

const { t } = await useApp();

const ALL = {
  duplicateFulfillment: true,
  duplicateFuturePrice: true,
  duplicateGeneral: true,
  duplicateLocalizedContent: true,
  duplicatePrices: true,
  duplicateProductFiles: true,
  duplicateProductVariations: true,
  duplicateSubscription: true,
};

/** A price function of the token's customer (a product may name only one its writer sees). */
async function createPriceFunction(token: string): Promise<Json> {
  const res = await t.request('POST', '/price-functions', token, {
    name: unique('Volume discount'),
    expression: 'quantity >= 10 ? price * 0.9 : price',
  });
  if (res.status !== 201) throw new Error(`create price function answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Json;
}

/** A product with a field for every option; its price function and the product it is the next generation of are real. */
async function richProduct(token: string, overrides: Json = {}): Promise<Json> {
  const priceFunction = await createPriceFunction(token);
  const oldGeneration = await createProduct(t, token);
  return createProduct(t, token, {
    type: 'GAMES',
    productFamily: 'arcade',
    sellingStores: ['store-eu', 'store-us'],
    fulfillmentTemplate: 'license-key',
    fulfillmentTemplateName: 'License key',
    priceFunction: priceFunction.id,
    relatedContents: [{ file: 'manual.pdf', label: 'Manual' }],
    resources: [{ url: 'https://cdn.example.com/box.png' }],
    subscriptionTemplate: 'sub-monthly',
    trialAllowed: true,
    trialDuration: 14,
    marketingName: { en: 'Arcade Pack' },
    nextGenerationOf: [oldGeneration.id],
    ...overrides,
  });
}

async function duplicate(token: string, id: string, body: Json) {
  return t.request('POST', `/products/${id}/duplicate`, token, body);
}

async function read(token: string, id: string): Promise<Json> {
  const res = await t.request('GET', `/products/${id}`, token);
  expect(res.status).toBe(200);
  return res.body as Json;
}

describe('POST /products/{id}/duplicate', () => {
  it('copies every field group with all options, names the copy, links originalId, and copies the description', async () => {
    const { token, customerId } = await t.tenant();
    const source = await richProduct(token);
    const publisherRefId = unique('COPY');
    const res = await duplicate(token, source.id, {
      productName: 'Arcade Pack 2',
      publisherRefId,
      duplicationOptions: ALL,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body as Json)).toEqual(['id']);
    const copy = await read(token, (res.body as Json).id);
    const {
      id: _i,
      createDate: _c,
      updateDate: _u,
      publisherRefId: _p,
      genericName: _g,
      descriptionId,
      nextGenerationOf: _n,
      ...copied
    } = source;
    expect(copy).toMatchObject({
      ...copied,
      customerId,
      genericName: 'Arcade Pack 2',
      publisherRefId,
      originalId: source.id,
      dbVersion: 0,
    });
    expect(copy.nextGenerationOf).toBeUndefined();
    expect(copy.descriptionId).toBeDefined();
    expect(copy.descriptionId).not.toBe(descriptionId);
    const description = (await t.request('GET', `/descriptions/${copy.descriptionId}`, token)).body as Json;
    expect(description.localizedMarketingName).toEqual({ en: 'Arcade Pack' });
    expect((await productEvents(t, copy.id)).map((e) => e.fact)).toEqual(['created']);
  });

  it('leaves out the fields of every option not set: prices {}, sellingStores [], lifeTime kept', async () => {
    const { token } = await t.tenant();
    const source = await richProduct(token);
    const res = await duplicate(token, source.id, { productName: 'Bare', publisherRefId: unique('BARE') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const copy = await read(token, (res.body as Json).id);
    expect(copy).toMatchObject({
      genericName: 'Bare',
      lifeTime: source.lifeTime,
      prices: {},
      sellingStores: [],
      status: 'ENABLED',
    });
    for (const field of [
      'type',
      'productFamily',
      'fulfillmentTemplate',
      'priceFunction',
      'relatedContents',
      'resources',
      'subscriptionTemplate',
      'trialAllowed',
      'descriptionId',
    ]) {
      expect(copy[field], field).toBeUndefined();
    }
  });

  it('honours each option alone', async () => {
    const { token } = await t.tenant();
    const source = await richProduct(token);
    const cases: [string, Json][] = [
      ['duplicateFulfillment', { fulfillmentTemplate: 'license-key', fulfillmentTemplateName: 'License key' }],
      ['duplicatePrices', { prices: source.prices, priceFunction: source.priceFunction }],
      ['duplicateProductFiles', { relatedContents: source.relatedContents, resources: source.resources }],
      ['duplicateSubscription', { subscriptionTemplate: 'sub-monthly', trialAllowed: true, trialDuration: 14 }],
      ['duplicateGeneral', { type: 'GAMES', productFamily: 'arcade', sellingStores: ['store-eu', 'store-us'] }],
    ];
    for (const [option, expected] of cases) {
      const res = await duplicate(token, source.id, {
        productName: option,
        publisherRefId: unique('ONE'),
        duplicationOptions: { [option]: true },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const copy = await read(token, (res.body as Json).id);
      expect(copy, option).toMatchObject(expected);
      if (option !== 'duplicateGeneral') expect(copy.type, option).toBeUndefined();
      if (option !== 'duplicatePrices') expect(copy.prices, option).toEqual({});
    }
  });

  it('copies the variants below the copy with derived publisherRefIds when duplicateProductVariations is set', async () => {
    const { token } = await t.tenant();
    const source = await richProduct(token);
    const lite = await createProduct(t, token, { variantOf: source.id, var: 'lite' });
    const pro = await createProduct(t, token, { variantOf: source.id, var: 'pro' });
    await createProduct(t, token, { variantOf: lite.id, var: 'lite-edu' });
    const publisherRefId = unique('FAM');
    const res = await duplicate(token, source.id, {
      productName: 'Family',
      publisherRefId,
      duplicationOptions: { duplicateGeneral: true, duplicateProductVariations: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const copyId = (res.body as Json).id;
    const variants = (await t.request('GET', `/products?parentId=${copyId}&sort=publisherRefId`, token)).body as Json;
    expect(variants.items.map((v: Json) => [v.var, v.publisherRefId, v.originalId])).toEqual([
      ['lite', `${publisherRefId}-V1`, lite.id],
      ['pro', `${publisherRefId}-V3`, pro.id],
    ]);
    const liteCopy = variants.items[0];
    expect(await listedIds(t, token, `parentId=${liteCopy.id}`)).toHaveLength(1);
    expect((await t.request('GET', `/products?publisherRefId=${publisherRefId}-V2`, token)).body).toMatchObject({
      items: [{ var: 'lite-edu', parentId: liteCopy.id }],
    });
    // The source family is untouched.
    expect(await listedIds(t, token, `parentId=${source.id}`)).toHaveLength(2);
  });

  it('copies no variant without duplicateProductVariations, and a copied variant stays a variant of the same parent', async () => {
    const { token } = await t.tenant();
    const parent = await createProduct(t, token);
    const variant = await createProduct(t, token, { variantOf: parent.id });
    const bare = await duplicate(token, parent.id, { productName: 'No variants', publisherRefId: unique('NV') });
    expect(await listedIds(t, token, `parentId=${(bare.body as Json).id}`)).toEqual([]);
    const sibling = await duplicate(token, variant.id, { productName: 'Sibling', publisherRefId: unique('SIB') });
    expect(await read(token, (sibling.body as Json).id)).toMatchObject({ parentId: parent.id, variantOf: parent.id });
  });

  it('answers 409 for a publisherRefId the customer uses, storing nothing (variants included)', async () => {
    const { token } = await t.tenant();
    const source = await createProduct(t, token);
    await createProduct(t, token, { variantOf: source.id });
    const taken = await createProduct(t, token);
    const before = await listedIds(t, token, 'size=100');
    expectDetailedError(
      await duplicate(token, source.id, { productName: 'X', publisherRefId: taken.publisherRefId }),
      409,
      'CONFLICT',
      'publisherRefId',
    );
    // The first variant's derived reference is taken: the whole duplication rolls back.
    const base = unique('BASE');
    await createProduct(t, token, { publisherRefId: `${base}-V1` });
    const afterFirst = await listedIds(t, token, 'size=100');
    expectDetailedError(
      await duplicate(token, source.id, {
        productName: 'X',
        publisherRefId: base,
        duplicationOptions: { duplicateProductVariations: true },
      }),
      409,
      'CONFLICT',
    );
    expect(await listedIds(t, token, 'size=100')).toEqual(afterFirst);
    expect(afterFirst.length).toBe(before.length + 1);
  });

  it("answers 404 for an unknown or another tenant's product and 400 for a missing productName or publisherRefId", async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    const source = await createProduct(t, owner.token);
    expectDetailedError(
      await duplicate(other.token, source.id, { productName: 'X', publisherRefId: unique('R') }),
      404,
      'NOT_FOUND',
    );
    expectDetailedError(
      await duplicate(owner.token, 'no-such-product', { productName: 'X', publisherRefId: unique('R') }),
      404,
      'NOT_FOUND',
    );
    expectDetailedError(
      await duplicate(owner.token, source.id, { publisherRefId: unique('R') }),
      400,
      'VALIDATION',
      'productName',
    );
    expectDetailedError(
      await duplicate(owner.token, source.id, { productName: 'X' }),
      400,
      'VALIDATION',
      'publisherRefId',
    );
    expectDetailedError(
      await duplicate(owner.token, source.id, { productName: 'X', publisherRefId: 'r'.repeat(81) }),
      400,
      'VALIDATION',
      'publisherRefId',
    );
  });
});
