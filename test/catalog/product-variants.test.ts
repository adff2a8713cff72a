import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { createProduct, expectDetailedError, type Json } from './catalog-factories.js';
import { productEvents } from './product-events.js';

const { t } = await useApp();

async function inherited(token: string, query: string): Promise<Json> {
  const res = await t.request('GET', `/products/inherited?${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Json;
}

describe('GET /products/inherited', () => {
  it('fills what a variant leaves unset from its parent, keeps what it sets, and takes maps whole', async () => {
    const { token } = await t.tenant();
    const parent = await createProduct(t, token, {
      type: 'SOFTWARE',
      productFamily: 'studio',
      taxCode: 'TX-1',
      visualTags: { badge: ['new'], color: ['red'] },
    });
    const variant = await createProduct(t, token, {
      variantOf: parent.id,
      productFamily: 'studio-lite',
      visualTags: { badge: ['sale'] },
      var: 'lite',
    });
    const page = await inherited(token, `predicate=${encodeURIComponent(JSON.stringify({ parentId: parent.id }))}`);
    expect(page.items).toHaveLength(1);
    const item = page.items[0];
    expect(item).toMatchObject({
      id: variant.id,
      parentId: parent.id,
      type: 'SOFTWARE',
      taxCode: 'TX-1',
      productFamily: 'studio-lite',
      var: 'lite',
      publisherRefId: variant.publisherRefId,
      dbVersion: 0,
    });
    // A map the variant sets replaces the parent's: no merge.
    expect(item.visualTags).toEqual({ badge: ['sale'] });
    expect(item.variationList).toBeUndefined();
  });

  it('gives a parent its variationList, each variant with its inherited fields, and follows pageable', async () => {
    const { token } = await t.tenant();
    const parent = await createProduct(t, token, { productFamily: 'games', businessSegment: 'B2C' });
    const lite = await createProduct(t, token, { variantOf: parent.id, var: 'lite' });
    const pro = await createProduct(t, token, { variantOf: parent.id, var: 'pro', businessSegment: 'B2B' });
    const lonely = await createProduct(t, token);
    const page = await inherited(
      token,
      `pageable=${encodeURIComponent(JSON.stringify({ page: 0, size: 2, sort: ['createDate,asc'] }))}`,
    );
    expect(page).toMatchObject({ number: 0, size: 2, totalItems: 4, totalPages: 2, last: false });
    const [first, second] = page.items;
    expect(first.id).toBe(parent.id);
    expect(first.variationList.map((v: Json) => v.id).sort()).toEqual([lite.id, pro.id].sort());
    const byId = Object.fromEntries(first.variationList.map((v: Json) => [v.id, v]));
    expect(byId[lite.id]).toMatchObject({ productFamily: 'games', businessSegment: 'B2C', var: 'lite' });
    expect(byId[pro.id]).toMatchObject({ productFamily: 'games', businessSegment: 'B2B', var: 'pro' });
    expect(second).toMatchObject({ id: lite.id, productFamily: 'games' });
    const next = await inherited(
      token,
      `pageable=${encodeURIComponent(JSON.stringify({ page: 1, size: 2, sort: ['createDate,asc'] }))}`,
    );
    expect(next.items.map((p: Json) => p.id)).toEqual([pro.id, lonely.id]);
  });

  it('inherits along a chain of variants (grandparent fields reach the grandchild)', async () => {
    const { token } = await t.tenant();
    const top = await createProduct(t, token, { taxCode: 'TOP', productFamily: 'top' });
    const middle = await createProduct(t, token, { variantOf: top.id, productFamily: 'middle' });
    const leaf = await createProduct(t, token, { variantOf: middle.id });
    const page = await inherited(token, `predicate=${encodeURIComponent(JSON.stringify({ parentId: middle.id }))}`);
    expect(page.items[0]).toMatchObject({ id: leaf.id, taxCode: 'TOP', productFamily: 'middle' });
  });

  it("never shows another tenant's products and answers 400 for an unknown filter in predicate", async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    await createProduct(t, owner.token);
    expect((await inherited(other.token, '')).totalItems).toBe(0);
    expectDetailedError(
      await t.request('GET', `/products/inherited?predicate=${encodeURIComponent('{"colour":"red"}')}`, other.token),
      400,
      'VALIDATION',
      'colour',
    );
    expectDetailedError(
      await t.request('GET', '/products/inherited?pageable=notjson', other.token),
      400,
      'VALIDATION',
      'pageable',
    );
  });
});

describe('POST /products/shift-variant', () => {
  it('moves a variant to another parent: dbVersion + 1, an updated event, the new parent in listings', async () => {
    const { token } = await t.tenant();
    const first = await createProduct(t, token);
    const second = await createProduct(t, token, { taxCode: 'SECOND' });
    const variant = await createProduct(t, token, { variantOf: first.id });
    const res = await t.request('POST', '/products/shift-variant', token, {
      parentId: second.id,
      variantId: variant.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: variant.id, parentId: second.id, variantOf: second.id, dbVersion: 1 });
    expect(res.headers.etag).toBe('"1"');
    expect((await t.request('GET', `/products/${variant.id}`, token)).body).toMatchObject({
      parentId: second.id,
      dbVersion: 1,
    });
    const events = await productEvents(t, variant.id);
    expect(events.map((e) => e.fact)).toEqual(['created', 'updated']);
    expect(events[1].what.delta).toMatchObject({ parentId: second.id });
    const page = await inherited(token, `parentId=${second.id}`);
    expect(page.items.map((p: Json) => p.id)).toEqual([variant.id]);
    expect(page.items[0].taxCode).toBe('SECOND');
  });

  it('answers 400 when the new parent is the variant itself or one of its variants, and changes nothing', async () => {
    const { token } = await t.tenant();
    const top = await createProduct(t, token);
    const variant = await createProduct(t, token, { variantOf: top.id });
    const child = await createProduct(t, token, { variantOf: variant.id });
    const grandchild = await createProduct(t, token, { variantOf: child.id });
    expectDetailedError(
      await t.request('POST', '/products/shift-variant', token, { parentId: variant.id, variantId: variant.id }),
      400,
      'VALIDATION',
      'own ancestor',
    );
    expectDetailedError(
      await t.request('POST', '/products/shift-variant', token, { parentId: grandchild.id, variantId: variant.id }),
      400,
      'VALIDATION',
      'own ancestor',
    );
    expect((await t.request('GET', `/products/${variant.id}`, token)).body).toMatchObject({
      parentId: top.id,
      dbVersion: 0,
    });
  });

  it('lets only one of two crossing moves (A under B, B under A) through, so no cycle is ever stored', async () => {
    const { token } = await t.tenant();
    const a = await createProduct(t, token);
    const b = await createProduct(t, token);
    const answers = await Promise.all([
      t.request('POST', '/products/shift-variant', token, { parentId: b.id, variantId: a.id }),
      t.request('POST', '/products/shift-variant', token, { parentId: a.id, variantId: b.id }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const parents = await Promise.all(
      [a, b].map(async (p) => ((await t.request('GET', `/products/${p.id}`, token)).body as Json).parentId),
    );
    expect(parents.filter(Boolean)).toHaveLength(1);
  });

  it('answers 400 for a parent of another customer the token may see, and 404 for unknown or invisible products', async () => {
    const partner = await t.tenant();
    const { token, customerId } = await t.tenant(undefined, [partner.customerId]);
    const foreignParent = await createProduct(t, partner.token);
    const parent = await createProduct(t, token);
    const variant = await createProduct(t, token, { variantOf: parent.id });
    expect(variant.customerId).toBe(customerId);
    expectDetailedError(
      await t.request('POST', '/products/shift-variant', token, { parentId: foreignParent.id, variantId: variant.id }),
      400,
      'VALIDATION',
      'another customer',
    );
    expectDetailedError(
      await t.request('POST', '/products/shift-variant', token, { parentId: 'no-such-product', variantId: variant.id }),
      404,
      'NOT_FOUND',
    );
    expectDetailedError(
      await t.request('POST', '/products/shift-variant', token, { parentId: parent.id, variantId: 'no-such-product' }),
      404,
      'NOT_FOUND',
    );
    const stranger = await t.tenant();
    expectDetailedError(
      await t.request('POST', '/products/shift-variant', stranger.token, {
        parentId: parent.id,
        variantId: variant.id,
      }),
      404,
      'NOT_FOUND',
    );
    expectDetailedError(
      await t.request('POST', '/products/shift-variant', token, { parentId: parent.id }),
      400,
      'VALIDATION',
      'variantId',
    );
  });
});
