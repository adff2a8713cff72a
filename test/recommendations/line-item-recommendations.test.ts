import { describe, expect, it } from 'vitest';
import { createProduct, type Json } from '../catalog/catalog-factories.js';
import { createSubscription } from '../subscriptions/subscription-factories.js';
import { useApp } from '../support/fixture.js';
import { unique } from '../support/unique.js';
import { createRule } from './recommendation-kit.js';

const { t } = await useApp();

/** A tenant with an old product, its next generation, an add-on, and an end user subscribed to the old product. */
async function subscribed(subscription: Json = {}) {
  const tenant = await t.tenant();
  const older = await createProduct(t, tenant.token);
  const newer = await createProduct(t, tenant.token, { nextGenerationOf: [older.id] });
  const addOn = await createProduct(t, tenant.token, { blackListedCountries: ['DE'] });
  const enduserId = unique('enduser');
  const sub = await createSubscription(t, tenant.token, {
    enduserId,
    storeId: 'store-eu',
    currency: 'EUR',
    products: [{ id: older.id }],
    ...subscription,
  });
  return { ...tenant, older, newer, addOn, enduserId, sub, lineItemId: sub.products[0].lineItemId as string };
}

const get = (token: string, query: string) => t.request<Json>('GET', `/recommendations/line-item?${query}`, token);

describe('GET /recommendations/line-item', () => {
  it("recommends an upgrade of the line item's product to its next generation, and add-ons, priced in the subscription's currency", async () => {
    const s = await subscribed();
    const upgrade = await createRule(t, s.token, {
      type: 'UPGRADE',
      levels: ['PURCHASE'],
      eligibleProductIds: [s.older.id],
      sources: ['SUBSCRIPTION'],
    });
    const addOns = await createRule(t, s.token, {
      eligibleProductIds: [s.older.id],
      byProductIds: { [s.older.id]: [s.addOn.id] },
    });
    const res = await get(s.token, `previousLineItemId=${s.lineItemId}&enduserId=${s.enduserId}&country=FR`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.recommendations.PURCHASE.UPGRADE[s.older.id]).toMatchObject({
      recommendationId: upgrade.id,
      products: [{ id: s.newer.id, upSellBy: s.older.id }],
    });
    expect(res.body.recommendations.CART.CROSS_SELL[s.older.id]).toMatchObject({
      recommendationId: addOns.id,
      products: [{ id: s.addOn.id, crossSellBy: s.older.id }],
    });
    expect(res.body.recommendations.CART.CROSS_SELL[s.older.id].products[0].fullPrice).toMatchObject({
      value: 119.99,
      vatRate: 20,
    });
  });

  it("counts the subscription's products as already bought, and checks the country when one is given", async () => {
    const s = await subscribed();
    const other = await createProduct(t, s.token);
    await t.request('PUT', `/subscriptions/${s.sub.id}`, s.token, {
      ...s.sub,
      products: [...s.sub.products, { id: other.id }],
    });
    await createRule(t, s.token, {
      eligibleProductIds: [s.older.id],
      byProductIds: { [s.older.id]: [other.id, s.addOn.id] },
    });
    const query = `previousLineItemId=${s.lineItemId}&enduserId=${s.enduserId}`;
    const inGermany = await get(s.token, `${query}&country=DE`);
    const statuses = (res: { body: Json }) =>
      Object.fromEntries(
        Object.entries(res.body.reports.CART.CROSS_SELL[s.older.id].products as Record<string, Json>).map(([id, r]) => [
          id,
          r.status,
        ]),
      );
    expect(statuses(inGermany)).toEqual({ [other.id]: 'ALREADY_IN_CART', [s.addOn.id]: 'BLACKLISTED_COUNTRY' });
    expect(statuses(await get(s.token, query))).toEqual({ [other.id]: 'ALREADY_IN_CART', [s.addOn.id]: 'RECOMMENDED' });
  });

  it('applies rules restricted to another source only when the subscription names it', async () => {
    const s = await subscribed({ source: 'MANUAL_RENEWAL' });
    const rule = await createRule(t, s.token, {
      sources: ['MANUAL_RENEWAL'],
      eligibleProductIds: [s.older.id],
      byProductIds: { [s.older.id]: [s.addOn.id] },
    });
    await createRule(t, s.token, {
      sources: ['SUBSCRIPTION'],
      weight: 9,
      eligibleProductIds: [s.older.id],
      byProductIds: { [s.older.id]: [s.newer.id] },
    });
    const res = await get(s.token, `previousLineItemId=${s.lineItemId}&enduserId=${s.enduserId}`);
    expect(res.body.recommendations.CART.CROSS_SELL[s.older.id]).toMatchObject({ recommendationId: rule.id });
  });

  it("answers 404 for a line item of another end user or another tenant's subscription, and 400 without its parameters", async () => {
    const s = await subscribed();
    expect((await get(s.token, `previousLineItemId=${s.lineItemId}&enduserId=someone-else`)).status).toBe(404);
    expect(
      (await get((await t.tenant()).token, `previousLineItemId=${s.lineItemId}&enduserId=${s.enduserId}`)).status,
    ).toBe(404);
    expect((await get(s.token, `previousLineItemId=${s.lineItemId}`)).status).toBe(400);
    expect(
      (await get(s.token, `previousLineItemId=${s.lineItemId}&enduserId=${s.enduserId}&country=France`)).status,
    ).toBe(400);
  });
});
