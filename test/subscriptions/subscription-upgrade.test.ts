import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { useApp } from '../support/fixture.js';
import { eventsOf } from '../support/outbox-events.js';
import {
  act,
  createModel,
  createSubscription,
  expectError,
  type Json,
  productIds,
  tokenFor,
  utc,
} from './subscription-factories.js';

const clock = new ManualClock('2026-01-15T00:00:00Z');
const { t, tenant } = await useApp({ clock, tenant: true });
const token = tokenFor(t, tenant);

/** One new product of the tenant, as the `products` of a body. */
const newProducts = async () => (await productIds(t, await token(), 1)).map((id) => ({ id }));

describe('POST /subscriptions/{subscriptionId}/upgrade', () => {
  it("moves to the body's products with new line item ids naming the ones they replace, generation + 1, the upgraded event", async () => {
    const [basic, addon, premium, addonPlus, extra, ultimate] = await productIds(t, await token(), 6);
    const sub = await createSubscription(t, await token(), {
      products: [{ id: basic }, { id: addon }],
      nextProducts: [{ id: basic }],
    });
    const [first, second] = sub.products as Json[];
    const res = await act(t, await token(), sub.id, 'upgrade', {
      products: [{ id: premium }, { id: addonPlus, previousLineItemId: first!.lineItemId }, { id: extra }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const products = res.body.products as Json[];
    expect(products.map((p) => [p.id, p.previousLineItemId])).toEqual([
      [premium, first!.lineItemId],
      [addonPlus, first!.lineItemId],
      [extra, undefined],
    ]);
    for (const product of products) expect([first!.lineItemId, second!.lineItemId]).not.toContain(product.lineItemId);
    expect(res.body.lifecycle).toMatchObject({
      generation: 1,
      status: 'ACTIVE',
      expirationDate: sub.lifecycle.expirationDate,
    });
    expect(res.body.nextProducts).toBeUndefined();
    const again = await act(t, await token(), sub.id, 'upgrade', { products: [{ id: ultimate }] });
    expect(again.body.lifecycle.generation).toBe(2);
    expect(again.body.products[0].previousLineItemId).toBe(products[0]!.lineItemId);
    const events = await eventsOf(t, 'subscription', sub.id);
    expect(events.map((e) => e.fact)).toEqual(['created', 'upgraded', 'upgraded']);
    expect(events[1]!.what.delta.lifecycle).toMatchObject({ generation: 1 });
  });

  it('turns a TRIAL into ACTIVE', async () => {
    const model = await createModel(t, await token(), { durationUntilTrialEnd: 30 });
    const sub = await createSubscription(t, await token(), { modelId: model.id, model: undefined });
    expect(sub.lifecycle.status).toBe('TRIAL');
    const res = await act(t, await token(), sub.id, 'upgrade', { products: await newProducts() });
    expect(res.body.lifecycle.status).toBe('ACTIVE');
  });

  it('moves to another model named in the body, whose term starts now', async () => {
    clock.set('2026-01-31T00:00:00Z');
    const monthly = await createModel(t, await token(), { term: { unit: 'MONTH', value: '1' } });
    const yearly = await createModel(t, await token(), { term: { unit: 'YEAR', value: '1' } });
    const sub = await createSubscription(t, await token(), { modelId: monthly.id, model: undefined });
    clock.set('2026-02-10T00:00:00Z');
    const res = await act(t, await token(), sub.id, 'upgrade', { modelId: yearly.id, products: await newProducts() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const end = utc('2027-02-10T00:00:00Z');
    expect(res.body).toMatchObject({
      modelId: yearly.id,
      model: { id: yearly.id, term: { unit: 'YEAR', value: '1' } },
    });
    expect(res.body.lifecycle).toMatchObject({
      modelId: yearly.id,
      nextBillingDate: end,
      expirationDate: end,
      anniversaryDate: end,
      creationDate: utc('2026-01-31T00:00:00Z'),
    });
  });

  it('answers 412 for a body carrying a stale dbVersion, as PUT does', async () => {
    const sub = await createSubscription(t, await token());
    const products = await newProducts();
    expectError(await act(t, await token(), sub.id, 'upgrade', { dbVersion: 3, products }), 412, 'dbVersion 0');
    expect((await act(t, await token(), sub.id, 'upgrade', { dbVersion: 0, products })).status).toBe(200);
  });

  it('answers 400 without products or naming a line item the subscription does not have, changing nothing', async () => {
    const sub = await createSubscription(t, await token());
    expectError(await act(t, await token(), sub.id, 'upgrade', {}), 400, 'body.products is required');
    const [productId] = await productIds(t, await token(), 1);
    expectError(
      await act(t, await token(), sub.id, 'upgrade', { products: [{ id: productId, previousLineItemId: 'not-mine' }] }),
      400,
      'not-mine is not a line item',
    );
    expect((await t.request<Json>('GET', `/subscriptions/${sub.id}`, await token())).body).toEqual(sub);
  });
});
