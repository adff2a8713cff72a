import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { createProduct, expectDetailedError, type Json, listedIds, productBody, unique } from './catalog-factories.js';

const { t } = await useApp();

describe('POST /products and GET /products/{id}', () => {
  it('creates an ENABLED product with every field the body sends, and reads it back', async () => {
    const { token, customerId } = await t.tenant();
    const body = productBody({
      activationLink: { enabled: true, providerId: 'prov-1', qrCodeDisabled: false },
      availableVariables: [
        {
          field: 'edition',
          type: 'LIST',
          defaultValue: 'home',
          labels: { en: 'Edition' },
          localizedValue: { en: { home: 'Home' } },
        },
      ],
      blackListedCountries: ['KP', 'IR'],
      businessSegment: 'B2C',
      productFamily: 'studio',
      physical: false,
      releaseDate: '2026-03-01T00:00:00Z',
      relatedContents: [{ file: 'manual.pdf', label: 'Manual' }],
      resources: [{ url: 'https://cdn.example.com/box.png' }],
      salesMode: 'STANDARD',
      type: 'SOFTWARE',
      trialDuration: 30,
      visualTags: { badge: ['new'] },
    });
    const res = await t.request('POST', '/products', token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const created = res.body as Json;
    expect(created).toMatchObject({ ...body, customerId, status: 'ENABLED', dbVersion: 0 });
    expect(res.headers.location).toBe(`/products/${created.id}`);
    expect((await t.request('GET', `/products/${created.id}`, token)).body).toEqual(created);
  });

  it('answers 400 in the detailed shape for a lifeTime outside the documented pattern', async () => {
    const { token } = await t.tenant();
    for (const lifeTime of ['month', '0MONTH', '1 MONTH', '12345YEAR', 'FOREVER']) {
      expectDetailedError(
        await t.request('POST', '/products', token, productBody({ lifeTime })),
        400,
        'VALIDATION',
        'lifeTime',
      );
    }
    for (const lifeTime of ['MONTH', '1MONTH', '12MONTH', '30DAY', '2WEEK', 'YEAR', 'LIFETIME']) {
      expect((await t.request('POST', '/products', token, productBody({ lifeTime }))).status, lifeTime).toBe(201);
    }
  });

  it('answers 400 naming the rule for a publisherRefId over 80 characters and a productFamily over 128', async () => {
    const { token } = await t.tenant();
    expectDetailedError(
      await t.request('POST', '/products', token, productBody({ publisherRefId: 'r'.repeat(81) })),
      400,
      'VALIDATION',
      'publisherRefId must',
    );
    expectDetailedError(
      await t.request('POST', '/products', token, productBody({ productFamily: 'f'.repeat(129) })),
      400,
      'VALIDATION',
      'productFamily must',
    );
    expect(
      (
        await t.request(
          'POST',
          '/products',
          token,
          productBody({ publisherRefId: 'r'.repeat(80), productFamily: 'f'.repeat(128) }),
        )
      ).status,
    ).toBe(201);
  });

  it('answers 409 for a publisherRefId the customer already uses, and lets another customer use it', async () => {
    const first = await t.tenant();
    const second = await t.tenant();
    const publisherRefId = unique('REF');
    await createProduct(t, first.token, { publisherRefId });
    const before = await listedIds(t, first.token, `publisherRefId=${publisherRefId}`);
    expectDetailedError(
      await t.request('POST', '/products', first.token, productBody({ publisherRefId })),
      409,
      'CONFLICT',
      'publisherRefId',
    );
    expect(await listedIds(t, first.token, `publisherRefId=${publisherRefId}`)).toEqual(before);
    expect((await t.request('POST', '/products', second.token, productBody({ publisherRefId }))).status).toBe(201);
  });

  it('answers 400 for a missing required field (prices, sellingStores, publisherRefId, lifeTime)', async () => {
    const { token } = await t.tenant();
    for (const field of ['prices', 'sellingStores', 'publisherRefId', 'lifeTime']) {
      const { [field]: _dropped, ...body } = productBody();
      expectDetailedError(await t.request('POST', '/products', token, body), 400, 'VALIDATION', field);
    }
  });

  it("answers 404 for another tenant's product", async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    const product = await createProduct(t, owner.token);
    expectDetailedError(await t.request('GET', `/products/${product.id}`, other.token), 404, 'NOT_FOUND');
  });
});

describe('PUT /products/{id}', () => {
  it('replaces the product, answers 412 for a stale dbVersion and changes nothing, and serves past versions', async () => {
    const { token } = await t.tenant();
    const product = await createProduct(t, token, { genericName: 'First name' });
    const updated = await t.request('PUT', `/products/${product.id}`, token, {
      ...product,
      genericName: 'Second name',
      status: 'DISABLED',
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ genericName: 'Second name', status: 'DISABLED', dbVersion: 1 });
    expectDetailedError(
      await t.request('PUT', `/products/${product.id}`, token, { ...product, genericName: 'Stale' }),
      412,
      'STALE_VERSION',
    );
    expect((await t.request('GET', `/products/${product.id}`, token)).body).toMatchObject({
      genericName: 'Second name',
      dbVersion: 1,
    });
    expect((await t.request('GET', `/products/${product.id}?version=0`, token)).body).toMatchObject({
      genericName: 'First name',
      dbVersion: 0,
    });
    expectDetailedError(await t.request('GET', `/products/${product.id}?version=7`, token), 404, 'NOT_FOUND');
  });
});

describe('GET /products filters', () => {
  it('filters by the specification fields, with comma lists and repeated parameters on sellingStores and blackListedCountries', async () => {
    const { token } = await t.tenant();
    const family = unique('fam');
    const a = await createProduct(t, token, {
      productFamily: family,
      sellingStores: ['s1', 's2'],
      blackListedCountries: ['KP'],
      physical: true,
      type: 'HARDWARE',
    });
    const b = await createProduct(t, token, {
      productFamily: family,
      sellingStores: ['s3'],
      blackListedCountries: ['IR'],
      physical: false,
      status: 'DISABLED',
      releaseDate: '2026-05-01T00:00:00Z',
    });
    const c = await createProduct(t, token, { productFamily: family, sellingStores: ['s4'], lifeTime: '1MONTH' });
    const ids = (query: string) =>
      listedIds(t, token, `productFamily=${family}&${query}`).then((found) => found.sort());
    expect(await ids('sellingStores=s1,s3')).toEqual([a.id, b.id].sort());
    expect(await ids('sellingStores=s2&sellingStores=s4')).toEqual([a.id, c.id].sort());
    expect(await ids('blackListedCountries=IR')).toEqual([b.id]);
    expect(await ids('physical=true')).toEqual([a.id]);
    expect(await ids('status=DISABLED')).toEqual([b.id]);
    expect(await ids('lifeTime=1MONTH')).toEqual([c.id]);
    expect(await ids('type=HARDWARE')).toEqual([a.id]);
    expect(await ids('releaseDate=2026-05-01T00:00:00Z')).toEqual([b.id]);
    expectDetailedError(await t.request('GET', '/products?colour=red', token), 400, 'VALIDATION', 'colour');
  });
});

describe('product descriptions written through the product', () => {
  it('moves the localized texts of the body to a new description and links it', async () => {
    const { token, customerId } = await t.tenant();
    const res = await t.request(
      'POST',
      '/products',
      token,
      productBody({
        defaultLocale: 'fr',
        marketingName: { fr: 'Studio Photo', en: 'Photo Studio' },
        localizedShortDesc: { fr: 'Retouche' },
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const product = res.body as Json;
    expect(product.marketingName).toBeUndefined();
    expect(product.descriptionId).toEqual(expect.any(String));
    const description = (await t.request('GET', `/descriptions/${product.descriptionId}`, token)).body as Json;
    expect(description).toMatchObject({
      customerId,
      fallbackLocale: 'fr',
      localizedMarketingName: { fr: 'Studio Photo', en: 'Photo Studio' },
      marketingName: 'Studio Photo',
      shortDesc: 'Retouche',
    });
  });
});

describe('variants made with variantOf', () => {
  it('makes the new product a variant of its parent (parentId), which PUT keeps', async () => {
    const { token } = await t.tenant();
    const parent = await createProduct(t, token);
    const variant = await createProduct(t, token, { variantOf: parent.id });
    expect(variant).toMatchObject({ parentId: parent.id, variantOf: parent.id });
    const updated = await t.request('PUT', `/products/${variant.id}`, token, {
      ...variant,
      parentId: 'elsewhere',
      variantOf: 'elsewhere',
    });
    expect(updated.body).toMatchObject({ parentId: parent.id, variantOf: parent.id, dbVersion: 1 });
    expect(await listedIds(t, token, `parentId=${parent.id}`)).toEqual([variant.id]);
  });

  it("answers 400 naming variantOf for a parent the caller cannot see, and 400 when the operator names another customer's parent", async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    const parent = await createProduct(t, owner.token);
    const refused = expectDetailedError(
      await t.request('POST', '/products', other.token, productBody({ variantOf: parent.id })),
      400,
      'VALIDATION',
      `body.variantOf names no product this token may see: "${parent.id}"`,
    );
    expect(refused.details[0]).toMatchObject({
      resourceType: 'product',
      resourceId: parent.id,
      specific: { field: 'body.variantOf' },
    });
    const operator = await t.operator();
    expectDetailedError(
      await t.request(
        'POST',
        '/products',
        operator,
        productBody({ customerId: other.customerId, variantOf: parent.id }),
      ),
      400,
      'VALIDATION',
      'same customer',
    );
  });
});

describe('GET /products restricted to customers', () => {
  it("answers nothing for another customer's id, and a reseller's own and authorized customers' products with the same filters", async () => {
    const publisher = await t.tenant();
    const stranger = await t.tenant();
    const family = unique('fam');
    const own = await createProduct(t, publisher.token, {
      productFamily: family,
      status: 'ENABLED',
      sellingStores: ['s1'],
    });
    await createProduct(t, publisher.token, { productFamily: family, status: 'DISABLED', sellingStores: ['s1'] });
    await createProduct(t, stranger.token, { productFamily: family, status: 'ENABLED', sellingStores: ['s1'] });
    const reseller = await t.tenant(undefined, [publisher.customerId]);
    const filters = `productFamily=${family}&status=ENABLED&sellingStores=s1`;
    expect(await listedIds(t, publisher.token, `customerId=${stranger.customerId}&${filters}`)).toEqual([]);
    expect(await listedIds(t, publisher.token, `customerId=${publisher.customerId}&${filters}`)).toEqual([own.id]);
    expect(await listedIds(t, publisher.token, filters)).toEqual([own.id]);
    expect(await listedIds(t, reseller.token, `customerId=${publisher.customerId}&${filters}`)).toEqual([own.id]);
    const page = (
      await t.request(
        'GET',
        `/products?customerId=${publisher.customerId}&productFamily=${family}&size=1`,
        publisher.token,
      )
    ).body as Json;
    expect(page).toMatchObject({ totalItems: 2, totalPages: 2, last: false });
  });
});
