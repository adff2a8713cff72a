import { beforeAll, describe, expect, it } from 'vitest';
import { DiscountedPriceSchema, PriceSchema } from '../../src/apis/catalog/pricing/price.schema.js';
import {
  RecommendationResultSchema,
  RecommendationResultSchemas,
} from '../../src/apis/recommendations/recommendation-result.schema.js';
import { DiscountPlanSchema } from '../../src/apis/recommendations/recommendation-rule.schema.js';
import { jsonSerializer, schemaRefs } from '../../src/platform/http/json-bytes.js';
import { createProduct, type Json } from '../catalog/catalog-factories.js';
import { useApp } from '../support/fixture.js';
import { createCart, createRule, DAY_MS } from './recommendation-kit.js';

const { t } = await useApp();

/** A tenant's small catalogue: a parent and its variant (the trigger), candidates, and products that cannot be recommended. */
async function catalogue() {
  const tenant = await t.tenant();
  const product = (overrides: Json = {}) => createProduct(t, tenant.token, overrides);
  const parent = await product();
  const trigger = await product({ variantOf: parent.id });
  return {
    ...tenant,
    parent,
    trigger,
    c1: await product(),
    c2: await product(),
    disabled: await product({ status: 'DISABLED' }),
    elsewhere: await product({ sellingStores: ['store-us'] }),
    blacklisted: await product({ blackListedCountries: ['FR'] }),
    other: await product(),
  };
}
type Catalogue = Awaited<ReturnType<typeof catalogue>>;

async function recommendationsFor(token: string, cartId: string): Promise<Json> {
  const res = await t.request('GET', `/recommendations/cart?cartId=${cartId}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Json;
}

/** The ids recommended at CART / type / trigger. */
const recommendedAt = (result: Json, trigger: string, type = 'CROSS_SELL', level = 'CART'): string[] =>
  (result.recommendations[level]?.[type]?.[trigger]?.products ?? []).map((p: Json) => p.id);

describe('GET /recommendations/cart', () => {
  let c: Catalogue;
  beforeAll(async () => {
    c = await catalogue();
  });

  it("recommends a rule's products for a cart product, priced in full and with the rule's discount plan taken off", async () => {
    const rule = await createRule(t, c.token, {
      eligibleProductIds: [c.trigger.id],
      byProductIds: { [c.trigger.id]: [c.c1.id] },
      discountPlan: { discountStep: 10 },
      localizedDesc: { en: 'Pairs well' },
      marketingOperationId: 'op-7',
    });
    const cart = await createCart(t, c.token, [c.trigger.id]);
    const result = await recommendationsFor(c.token, cart.id);
    const leaf = result.recommendations.CART.CROSS_SELL[c.trigger.id];
    expect(leaf).toMatchObject({
      recommendationId: rule.id,
      discountPlan: { discountStep: 10 },
      localizedDesc: 'Pairs well',
      marketingOperationId: 'op-7',
    });
    const [entry] = leaf.products;
    // 119.99 EUR with 20 % VAT in France: net 119.99 / 1.2 = 99.99 (half-even), VAT 20.00. Less 10 %: 107.991 -> 107.99
    // gross, 107.99 / 1.2 = 89.991... -> 89.99 net, VAT 18.00; taken off: 12.00 gross, 10.00 net, 2.00 VAT.
    expect(entry).toMatchObject({ id: c.c1.id, quantity: 1, crossSellBy: c.trigger.id });
    expect(entry.fullPrice).toMatchObject({
      value: 119.99,
      grossPrice: 119.99,
      netPrice: 99.99,
      vatAmount: 20,
      vatRate: 20,
      vatIncluded: true,
    });
    expect(entry.price).toMatchObject({
      value: 107.99,
      grossPrice: 107.99,
      netPrice: 89.99,
      vatAmount: 18,
      strikeThroughPrice: 119.99,
    });
    expect(entry.price.discountedPrice).toMatchObject({
      cumulatedDiscountRate: 10,
      discountedGrossPrice: 107.99,
      discountedNetPrice: 89.99,
      grossPriceDiscountAmount: 12,
      netPriceDiscountAmount: 10,
      vatDiscountAmount: 2,
    });
    expect(result.reports.CART.CROSS_SELL[c.trigger.id].products[c.c1.id]).toEqual({
      status: 'RECOMMENDED',
      explanation: 'recommended',
    });
  });

  it("answers a candidate's new price, a rule's new discount and each cart product's own entry at once (priced entries are kept)", async () => {
    const c = await catalogue();
    const second = await createProduct(t, c.token);
    const rule = await createRule(t, c.token, {
      eligibleProductIds: [c.trigger.id, second.id],
      byProductIds: { [c.trigger.id]: [c.c1.id], [second.id]: [c.c1.id] },
      discountPlan: { discountStep: 10 },
    });
    const cart = await createCart(t, c.token, [c.trigger.id, second.id]);
    const entryFor = async (trigger: string) =>
      (await recommendationsFor(c.token, cart.id)).recommendations.CART.CROSS_SELL[trigger].products[0];
    expect(await entryFor(c.trigger.id)).toMatchObject({
      crossSellBy: c.trigger.id,
      fullPrice: { value: 119.99 },
      price: { value: 107.99 },
    });
    expect(await entryFor(second.id)).toMatchObject({
      crossSellBy: second.id,
      fullPrice: { value: 119.99 },
      price: { value: 107.99 },
    });

    const stored = (await t.request('GET', `/products/${c.c1.id}`, c.token)).body as Json;
    const prices = {
      defaultCurrency: 'EUR',
      priceByCountryByCurrency: { FR: { EUR: { value: 200, vatIncluded: true } } },
    };
    expect((await t.request('PUT', `/products/${c.c1.id}`, c.token, { ...stored, prices })).status).toBe(200);
    expect(await entryFor(c.trigger.id)).toMatchObject({ fullPrice: { value: 200 }, price: { value: 180 } });

    const storedRule = (await t.request('GET', `/recommendation-rules/${rule.id}`, c.token)).body as Json;
    expect(
      (
        await t.request('PUT', `/recommendation-rules/${rule.id}`, c.token, {
          ...storedRule,
          discountPlan: { discountStep: 25 },
        })
      ).status,
    ).toBe(200);
    expect(await entryFor(second.id)).toMatchObject({
      crossSellBy: second.id,
      fullPrice: { value: 200 },
      price: { value: 150 },
    });
  });

  it('gives each cart product its own entry when one candidate is recommended in more ways than are kept (9 cart products)', async () => {
    const c = await catalogue();
    const triggers = await Promise.all(Array.from({ length: 9 }, () => createProduct(t, c.token)));
    const ids = triggers.map((trigger) => trigger.id as string);
    await createRule(t, c.token, {
      eligibleProductIds: ids,
      byProductIds: Object.fromEntries(ids.map((id) => [id, [c.c1.id]])),
      discountPlan: { discountStep: 10 },
    });
    const cart = await createCart(t, c.token, ids);
    for (let asked = 0; asked < 2; asked++) {
      const byTrigger = (await recommendationsFor(c.token, cart.id)).recommendations.CART.CROSS_SELL;
      expect(ids.map((id) => byTrigger[id].products)).toEqual(
        ids.map((id) => [
          expect.objectContaining({ id: c.c1.id, crossSellBy: id, price: expect.objectContaining({ value: 107.99 }) }),
        ]),
      );
    }
  });

  it('applies a rule only when every condition holds (each one off in turn)', async () => {
    const c = await catalogue();
    const now = Date.now();
    const applies = {
      eligibleProductIds: [c.trigger.id],
      byProductIds: { [c.trigger.id]: [c.c2.id] },
      sources: ['PURCHASE'],
    };
    const cases: [string, Json, boolean][] = [
      ['all conditions hold', {}, true],
      [
        'the parent is eligible instead',
        { eligibleProductIds: undefined, eligibleParentProductIds: [c.parent.id] },
        true,
      ],
      ['DISABLED', { status: 'DISABLED' }, false],
      ['ended', { startDate: now - 3 * DAY_MS, endDate: now - DAY_MS }, false],
      ['not started', { startDate: now + DAY_MS, endDate: now + 2 * DAY_MS }, false],
      ['another store', { eligibleStoreIds: ['store-us'] }, false],
      ['another product eligible', { eligibleProductIds: [c.other.id] }, false],
      [
        'another product eligible, the parent listed too',
        { eligibleProductIds: [c.other.id], eligibleParentProductIds: [c.parent.id] },
        true,
      ],
      // docs/product-decisions.md §8: eligibility lists narrow; a rule listing none is eligible for every trigger.
      ['no eligibility list', { eligibleProductIds: undefined }, true],
      [
        'no eligibility list, the trigger not a key of its maps',
        { eligibleProductIds: undefined, byProductIds: { [c.other.id]: [c.c2.id] } },
        false,
      ],
      [
        "no eligibility list, the trigger's parent a key of its maps",
        { eligibleProductIds: undefined, byProductIds: undefined, byParentProductIds: { [c.parent.id]: [c.c2.id] } },
        true,
      ],
      [
        'no eligibility list, predefinedIdsRecoRule',
        { eligibleProductIds: undefined, function: 'predefinedIdsRecoRule', byProductIds: { [c.other.id]: [c.c2.id] } },
        true,
      ],
      ['no eligibility list and no maps', { eligibleProductIds: undefined, byProductIds: undefined }, false],
      ['no sources (every source)', { sources: undefined }, true],
      ['another source', { sources: ['UPGRADE'] }, false],
    ];
    for (const [name, change, expected] of cases) {
      const rule = await createRule(t, c.token, { name, ...applies, ...change });
      const cart = await createCart(t, c.token, [c.trigger.id], { source: 'PURCHASE' });
      const result = await recommendationsFor(c.token, cart.id);
      expect(result.recommendations.CART?.CROSS_SELL?.[c.trigger.id]?.recommendationId === rule.id, name).toBe(
        expected,
      );
      await t.request('PUT', `/recommendation-rules/${rule.id}`, c.token, { ...rule, status: 'DISABLED' });
    }
  });

  it('applies a rule with sources to carts of those sources only, and a rule without sources to a cart without source too', async () => {
    const c = await catalogue();
    const sourced = await createRule(t, c.token, {
      byProductIds: { [c.trigger.id]: [c.c1.id] },
      sources: ['PURCHASE'],
      weight: 2,
    });
    const anySource = await createRule(t, c.token, { byProductIds: { [c.trigger.id]: [c.c2.id] }, weight: 1 });
    const leafOf = async (source?: string) =>
      (await recommendationsFor(c.token, (await createCart(t, c.token, [c.trigger.id], source ? { source } : {})).id))
        .recommendations.CART.CROSS_SELL[c.trigger.id].recommendationId;
    expect(await leafOf('PURCHASE')).toBe(sourced.id);
    expect(await leafOf('UPGRADE')).toBe(anySource.id);
    expect(await leafOf()).toBe(anySource.id);
  });

  it('breaks a weight tie by age: the older rule fills the leaf, a rule without weight weighs 0', async () => {
    const c = await catalogue();
    const older = await createRule(t, c.token, { byProductIds: { [c.trigger.id]: [c.c1.id] }, weight: 0 });
    const unweighted = await createRule(t, c.token, { byProductIds: { [c.trigger.id]: [c.c2.id] } });
    const result = await recommendationsFor(c.token, (await createCart(t, c.token, [c.trigger.id])).id);
    expect(result.recommendations.CART.CROSS_SELL[c.trigger.id].recommendationId).toBe(older.id);
    expect(result.reports.CART.CROSS_SELL[c.trigger.id].products[c.c2.id].explanation).toContain(
      `rule ${older.id} outweighs rule ${unweighted.id}`,
    );
  });

  it('finds its rules by what they apply to (appliesTo), set by the server and refreshed on every write', async () => {
    const c = await catalogue();
    const rule = await createRule(t, c.token, {
      byProductIds: { [c.trigger.id]: [c.c1.id] },
      byParentProductIds: { [c.parent.id]: [c.c2.id] },
      appliesTo: ['any'],
    });
    expect(rule.appliesTo).toEqual([`product:${c.trigger.id}`, `parent:${c.parent.id}`]);
    const narrowed = await t.request<Json>('PUT', `/recommendation-rules/${rule.id}`, c.token, {
      ...rule,
      eligibleProductIds: [c.other.id],
    });
    expect(narrowed.body.appliesTo).toEqual([`product:${c.other.id}`]);
    const everything = await t.request<Json>('PUT', `/recommendation-rules/${rule.id}`, c.token, {
      ...narrowed.body,
      eligibleProductIds: undefined,
      function: 'predefinedIdsRecoRule',
    });
    expect(everything.body.appliesTo).toEqual(['any']);
    const listed = await t.request<Json>(
      'GET',
      `/recommendation-rules?appliesTo=any&customerId=${c.customerId}`,
      c.token,
    );
    expect(listed.body.items.map((item: Json) => item.id)).toEqual([rule.id]);
  });

  it('idToIdsRecoRule recommends the lists of the trigger and of its parent; predefinedIdsRecoRule every listed product', async () => {
    const cc = await catalogue();
    const lists = {
      eligibleProductIds: [cc.trigger.id],
      byProductIds: { [cc.trigger.id]: [cc.c1.id], [cc.other.id]: [cc.elsewhere.id] },
      byParentProductIds: { [cc.parent.id]: [cc.c2.id] },
    };
    const byId = await createRule(t, cc.token, lists);
    const cart = await createCart(t, cc.token, [cc.trigger.id]);
    expect(recommendedAt(await recommendationsFor(cc.token, cart.id), cc.trigger.id)).toEqual([cc.c1.id, cc.c2.id]);
    await t.request('PUT', `/recommendation-rules/${byId.id}`, cc.token, {
      ...byId,
      function: 'predefinedIdsRecoRule',
    });
    const result = await recommendationsFor(cc.token, cart.id);
    expect(recommendedAt(result, cc.trigger.id)).toEqual([cc.c1.id, cc.c2.id]);
    expect(result.reports.CART.CROSS_SELL[cc.trigger.id].products[cc.elsewhere.id].status).toBe('NOT_SOLD_IN_STORE');
  });

  it('reports each candidate it does not recommend with the reason', async () => {
    const cc = await catalogue();
    const candidates = [cc.other.id, cc.disabled.id, cc.elsewhere.id, cc.blacklisted.id, 'no-such-product', cc.c1.id];
    await createRule(t, cc.token, {
      eligibleProductIds: [cc.trigger.id],
      byProductIds: { [cc.trigger.id]: candidates },
    });
    const cart = await createCart(t, cc.token, [cc.trigger.id, cc.other.id]);
    const result = await recommendationsFor(cc.token, cart.id);
    expect(recommendedAt(result, cc.trigger.id)).toEqual([cc.c1.id]);
    const statuses = Object.fromEntries(
      Object.entries(result.reports.CART.CROSS_SELL[cc.trigger.id].products as Record<string, Json>).map(([id, r]) => [
        id,
        r.status,
      ]),
    );
    expect(statuses).toEqual({
      [cc.other.id]: 'ALREADY_IN_CART',
      [cc.disabled.id]: 'DISABLED',
      [cc.elsewhere.id]: 'NOT_SOLD_IN_STORE',
      [cc.blacklisted.id]: 'BLACKLISTED_COUNTRY',
      'no-such-product': 'NOT_FOUND',
      [cc.c1.id]: 'RECOMMENDED',
    });
    expect(result.reports.CART.CROSS_SELL[cc.trigger.id].products['no-such-product'].explanation).toContain(
      'no-such-product',
    );
  });

  it("lets the heaviest rule fill a leaf, reporting the lighter rule's products OUTWEIGHED, unless it has nothing to recommend", async () => {
    const cc = await catalogue();
    const eligible = { eligibleProductIds: [cc.trigger.id] };
    const light = await createRule(t, cc.token, {
      ...eligible,
      weight: 1,
      byProductIds: { [cc.trigger.id]: [cc.c1.id] },
    });
    const heavy = await createRule(t, cc.token, {
      ...eligible,
      weight: 5,
      byProductIds: { [cc.trigger.id]: [cc.c2.id] },
    });
    const cart = await createCart(t, cc.token, [cc.trigger.id]);
    let result = await recommendationsFor(cc.token, cart.id);
    expect(result.recommendations.CART.CROSS_SELL[cc.trigger.id]).toMatchObject({ recommendationId: heavy.id });
    expect(recommendedAt(result, cc.trigger.id)).toEqual([cc.c2.id]);
    expect(result.reports.CART.CROSS_SELL[cc.trigger.id].products[cc.c1.id].status).toBe('OUTWEIGHED');
    await t.request('PUT', `/recommendation-rules/${heavy.id}`, cc.token, {
      ...heavy,
      byProductIds: { [cc.trigger.id]: [cc.disabled.id] },
    });
    result = await recommendationsFor(cc.token, cart.id);
    expect(result.recommendations.CART.CROSS_SELL[cc.trigger.id]).toMatchObject({ recommendationId: light.id });
    expect(recommendedAt(result, cc.trigger.id)).toEqual([cc.c1.id]);
  });

  it('fills every level of the rule, and an UP_SELL rule marks its products upSellBy', async () => {
    const cc = await catalogue();
    await createRule(t, cc.token, {
      type: 'UP_SELL',
      levels: ['CART', 'INTERSTITIAL'],
      eligibleProductIds: [cc.trigger.id],
      byProductIds: { [cc.trigger.id]: [cc.c1.id] },
    });
    const result = await recommendationsFor(cc.token, (await createCart(t, cc.token, [cc.trigger.id])).id);
    for (const level of ['CART', 'INTERSTITIAL']) {
      expect(result.recommendations[level].UP_SELL[cc.trigger.id].products).toMatchObject([
        { id: cc.c1.id, upSellBy: cc.trigger.id },
      ]);
    }
  });

  it("recommends a cart product's forced cross-sales with forcedBy, and an UPGRADE rule the trigger's next generation", async () => {
    const tenant = await t.tenant();
    const companion = await createProduct(t, tenant.token);
    const older = await createProduct(t, tenant.token, { forcedCrossSaleProductIds: [companion.id] });
    const newer = await createProduct(t, tenant.token, { nextGenerationOf: [older.id] });
    const upgrade = await createRule(t, tenant.token, { type: 'UPGRADE', eligibleProductIds: [older.id] });
    const result = await recommendationsFor(tenant.token, (await createCart(t, tenant.token, [older.id])).id);
    expect(result.recommendations.CART.CROSS_SELL[older.id]).toEqual({
      products: [expect.objectContaining({ id: companion.id, forcedBy: older.id })],
    });
    expect(result.recommendations.CART.UPGRADE[older.id]).toMatchObject({
      recommendationId: upgrade.id,
      products: [{ id: newer.id, upSellBy: older.id }],
    });
  });

  it('writes the answer byte for byte as the result schema serializes it, and the same bytes when asked again', async () => {
    const c = await catalogue();
    const product = (overrides: Json = {}) => createProduct(t, c.token, overrides);
    const variant = await product({ variantOf: c.parent.id });
    const forcing = await product({ forcedCrossSaleProductIds: [c.other.id] });
    const candidates = [c.c1.id, variant.id, c.disabled.id, c.elsewhere.id, c.blacklisted.id];
    await createRule(t, c.token, {
      weight: 5,
      levels: ['CART', 'PRODUCT'],
      eligibleProductIds: [c.trigger.id],
      byProductIds: { [c.trigger.id]: candidates },
      discountPlan: { discountStep: 15, tag: 'spring' },
      localizedDesc: { de: 'Passt "gut" \\ dazu — 20 € Rabatt\n', en: 'Goes well' },
      fallbackLocale: 'de',
      marketingOperationId: 'op-é',
    });
    await createRule(t, c.token, {
      weight: 1,
      eligibleProductIds: [c.trigger.id],
      byProductIds: { [c.trigger.id]: [c.c2.id] },
    });
    await createRule(t, c.token, {
      type: 'UP_SELL',
      eligibleProductIds: [c.trigger.id],
      byProductIds: { [c.trigger.id]: [c.c2.id] },
    });
    const cart = await createCart(t, c.token, [c.trigger.id, forcing.id]);
    const serialize = jsonSerializer(
      RecommendationResultSchema,
      schemaRefs(...RecommendationResultSchemas, PriceSchema, DiscountedPriceSchema, DiscountPlanSchema),
    );
    const answers = [];
    for (let i = 0; i < 2; i++) {
      const res = await t.request('GET', `/recommendations/cart?cartId=${cart.id}`, c.token);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(res.raw.rawPayload.length);
      answers.push(res.raw.rawPayload);
    }
    const result = JSON.parse(answers[0]!.toString('utf8'));
    // Every optional part of the answer is there, so each has been written.
    const leaf = result.recommendations.CART.CROSS_SELL[c.trigger.id];
    expect(leaf).toMatchObject({
      discountPlan: { discountStep: 15, tag: 'spring' },
      localizedDesc: 'Passt "gut" \\ dazu — 20 € Rabatt\n',
      marketingOperationId: 'op-é',
    });
    expect(leaf.products.map((entry: Json) => entry.id)).toEqual([c.c1.id, variant.id]);
    expect(leaf.products[1]).toMatchObject({
      variantOf: c.parent.id,
      price: { discountedPrice: { cumulatedDiscountRate: 15 } },
      fullPrice: { value: expect.any(Number) },
    });
    expect(result.recommendations.PRODUCT.CROSS_SELL[c.trigger.id]).toEqual(leaf);
    expect(result.recommendations.CART.UP_SELL[c.trigger.id].products).toMatchObject([
      { id: c.c2.id, upSellBy: c.trigger.id },
    ]);
    expect(result.recommendations.CART.CROSS_SELL[forcing.id]).toMatchObject({
      products: [{ id: c.other.id, forcedBy: forcing.id }],
    });
    expect(
      Object.values(result.reports.CART.CROSS_SELL[c.trigger.id].products).map((report) => (report as Json).status),
    ).toEqual(
      expect.arrayContaining(['RECOMMENDED', 'DISABLED', 'NOT_SOLD_IN_STORE', 'BLACKLISTED_COUNTRY', 'OUTWEIGHED']),
    );
    expect(answers[0]!.toString('utf8')).toBe(serialize(result));
    expect(answers[1]!.equals(answers[0]!)).toBe(true);
  });

  it("uses only the cart owner's rules, and answers 404 for another tenant's cart or an unknown one, 400 without cartId", async () => {
    const mine = await catalogue();
    const theirs = await t.tenant();
    await createRule(t, theirs.token, {
      eligibleProductIds: [mine.trigger.id],
      byProductIds: { [mine.trigger.id]: [mine.c1.id] },
    });
    const cart = await createCart(t, mine.token, [mine.trigger.id]);
    expect(await recommendationsFor(mine.token, cart.id)).toEqual({ recommendations: {}, reports: {} });
    expect((await t.request('GET', `/recommendations/cart?cartId=${cart.id}`, theirs.token)).status).toBe(404);
    expect((await t.request('GET', '/recommendations/cart?cartId=no-such-cart', mine.token)).status).toBe(404);
    expect((await t.request('GET', '/recommendations/cart', mine.token)).status).toBe(400);
  });
});
