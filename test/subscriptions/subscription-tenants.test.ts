import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import {
  act,
  createModel,
  createSubscription,
  expectError,
  type Json,
  productIds,
  subscriptionBody,
} from './subscription-factories.js';

const { t } = await useApp();

describe('tenant isolation of subscriptions, models and orders', () => {
  it("hides another customer's subscription (404 on every route) and changes nothing", async () => {
    const owner = await t.tenant();
    const stranger = await t.tenant();
    const sub = await createSubscription(t, owner.token);
    // The stranger's bodies name its own product: the only thing wrong with them is the subscription they aim at.
    const products = (await productIds(t, stranger.token, 1)).map((id) => ({ id }));
    expectError(await t.request('GET', `/subscriptions/${sub.id}`, stranger.token), 404);
    expectError(
      await t.request('PUT', `/subscriptions/${sub.id}`, stranger.token, subscriptionBody({ products })),
      404,
    );
    expectError(await t.request('DELETE', `/subscriptions/${sub.id}`, stranger.token), 404);
    for (const action of ['cancel', 'suspend', 'reactivate', 'prebill'])
      expectError(await act(t, stranger.token, sub.id, action), 404);
    expectError(await act(t, stranger.token, sub.id, 'upgrade', { products }), 404);
    expect((await t.request<Json>('GET', '/subscriptions', stranger.token)).body.items).toEqual([]);
    expect((await t.request<Json>('GET', `/subscriptions/${sub.id}`, owner.token)).body).toEqual(sub);
  });

  it('lets a reseller act on the subscriptions of a customer it is authorized for, and the operator on all', async () => {
    const publisher = await t.tenant();
    const sub = await createSubscription(t, publisher.token);
    const reseller = await t.tenant(undefined, [publisher.customerId]);
    expect((await act(t, reseller.token, sub.id, 'suspend')).status).toBe(200);
    expect((await act(t, await t.operator(), sub.id, 'reactivate')).status).toBe(200);
  });

  it("keeps pre-billed orders to the subscription's customer", async () => {
    const owner = await t.tenant();
    const stranger = await t.tenant();
    const sub = await createSubscription(t, owner.token);
    const order = (await act(t, owner.token, sub.id, 'prebill')).body;
    expect((await t.request<Json>('GET', `/orders/${order.id}`, owner.token)).body.customerId).toBe(owner.customerId);
    expectError(await t.request('GET', `/orders/${order.id}`, stranger.token), 404);
  });

  it("does not let a subscription use another customer's model, by id or by name", async () => {
    const owner = await t.tenant();
    const stranger = await t.tenant();
    const model = await createModel(t, owner.token);
    const products = (await productIds(t, stranger.token, 1)).map((id) => ({ id }));
    expectError(
      await t.request('POST', '/subscriptions', stranger.token, subscriptionBody({ modelId: model.id, products })),
      400,
      'was not found',
    );
    expectError(
      await t.request(
        'POST',
        '/subscriptions',
        stranger.token,
        subscriptionBody({ model: { name: model.name }, products }),
      ),
      400,
      'no subscription model named',
    );
    expectError(await t.request('GET', `/subscription-models/${encodeURIComponent(model.name)}`, stranger.token), 404);
  });

  it("uses the operator's model (no customerId) for any customer", async () => {
    const tenant = await t.tenant();
    const shared = await createModel(t, await t.operator());
    expect(shared.customerId).toBeUndefined();
    const sub = await createSubscription(t, tenant.token, { modelId: shared.id, model: undefined });
    expect(sub.modelId).toBe(shared.id);
  });
});
