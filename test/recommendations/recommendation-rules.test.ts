import { describe, expect, it } from 'vitest';
import { createProduct, type Json } from '../catalog/catalog-factories.js';
import { useApp } from '../support/fixture.js';
import { eventsOf } from '../support/outbox-events.js';
import { unique } from '../support/unique.js';
import { createRule, ruleBody } from './recommendation-kit.js';

const { t } = await useApp();

const ids = (res: { body: unknown }) => ((res.body as Json).items as Json[]).map((item) => item.id);

describe('recommendation rules', () => {
  it('creates a rule with every field, reads it, replaces it (412 on a stale dbVersion) and emits its events', async () => {
    const { token, customerId } = await t.tenant();
    const body = ruleBody({
      catalogId: 'cat-1',
      discountPlan: { discountStep: 10, ignorePurchaseDiscount: true, tag: 'promo' },
      eligibleParentProductIds: ['parent-1'],
      eligibleProductIds: ['p-1', 'p-2'],
      fallbackLocale: 'en',
      levels: ['CART', 'PURCHASE'],
      localizedDesc: { en: 'Goes well with', fr: 'Va bien avec' },
      marketingOperationId: 'op-1',
      sources: ['PURCHASE', 'UPGRADE'],
      weight: 7,
      byParentProductIds: { 'parent-1': ['p-9'] },
      byProductIds: { 'p-1': ['p-8', 'p-9'] },
    });
    const res = await t.request('POST', '/recommendation-rules', token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const rule = res.body as Json;
    expect(rule).toMatchObject({ ...body, customerId, dbVersion: 0, id: expect.any(String) });
    expect((await t.request('GET', `/recommendation-rules/${rule.id}`, token)).body).toEqual(rule);
    const stale = await t.request('PUT', `/recommendation-rules/${rule.id}`, token, {
      ...body,
      weight: 1,
      dbVersion: 5,
    });
    expect(stale.status).toBe(412);
    const updated = await t.request('PUT', `/recommendation-rules/${rule.id}`, token, {
      ...body,
      weight: 1,
      dbVersion: 0,
    });
    expect(updated.body).toMatchObject({ weight: 1, dbVersion: 1 });
    expect((await eventsOf(t, 'recommendation-rule', rule.id)).map((event) => event.fact)).toEqual([
      'created',
      'updated',
    ]);
  });

  it('answers 400 naming the field for a missing required field, an unknown enum value, a repeated item and a period that ends before it starts', async () => {
    const { token } = await t.tenant();
    const { name: _name, ...nameless } = ruleBody();
    const cases: [Json, RegExp][] = [
      [nameless, /name/],
      [ruleBody({ type: 'DOWN_SELL' }), /type/],
      [ruleBody({ function: 'random' }), /function/],
      [ruleBody({ levels: ['CART', 'CART'] }), /levels/],
      [ruleBody({ levels: [] }), /levels/],
      [ruleBody({ eligibleStoreIds: [] }), /eligibleStoreIds/],
      [ruleBody({ sources: ['SHOP'] }), /sources/],
      [ruleBody({ startDate: '2026-01-01T00:00:00Z' }), /startDate/],
      [ruleBody({ weight: 2 ** 31 }), /weight/],
      [ruleBody({ discountPlan: { discountStep: 150 } }), /discountStep/],
      [ruleBody({ startDate: 2000, endDate: 1000 }), /endDate/],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('POST', '/recommendation-rules', token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as Json).message).toMatch(field);
    }
  });

  it('lists by status, type, level, store and eligible product, and keeps tenants apart', async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    const name = unique('listed');
    const a = await createRule(t, owner.token, { name, levels: ['CART', 'PRODUCT'], eligibleProductIds: ['x-1'] });
    const b = await createRule(t, owner.token, {
      name,
      type: 'UP_SELL',
      status: 'DISABLED',
      eligibleStoreIds: ['store-us'],
    });
    const theirs = await createRule(t, other.token, { name });
    const list = (query: string, token = owner.token) =>
      t.request('GET', `/recommendation-rules?name=${name}&${query}`, token);
    expect(ids(await list(''))).toEqual([a.id, b.id]);
    expect(ids(await list('status=DISABLED'))).toEqual([b.id]);
    expect(ids(await list('type=CROSS_SELL'))).toEqual([a.id]);
    expect(ids(await list('levels=PRODUCT'))).toEqual([a.id]);
    expect(ids(await list('eligibleStoreIds=store-us,store-jp'))).toEqual([b.id]);
    expect(ids(await list('eligibleProductIds=x-1'))).toEqual([a.id]);
    expect(ids(await list('', other.token))).toEqual([theirs.id]);
    expect((await t.request('GET', `/recommendation-rules/${theirs.id}`, owner.token)).status).toBe(404);
    const recap = await t.request('GET', `/recommendation-rules/recap?name=${name}&target=type`, owner.token);
    expect((recap.body as Json).items).toEqual([
      { targetValue: 'CROSS_SELL', count: 1 },
      { targetValue: 'UP_SELL', count: 1 },
    ]);
    const unwind = await t.request('GET', `/recommendation-rules/unwind?name=${name}&target=levels`, owner.token);
    expect(((unwind.body as Json).items as Json[]).map((item) => item.levels)).toEqual(['CART', 'PRODUCT', 'CART']);
  });

  it('imports: creates a rule (201) keeping the id it came with as originalId, replaces the rule its id names (200), recording the reason', async () => {
    const { token } = await t.tenant();
    const created = await t.request(
      'POST',
      '/recommendation-rules/import',
      token,
      ruleBody({ id: 'rule-from-staging' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const rule = created.body as Json;
    expect(rule).toMatchObject({
      originalId: 'rule-from-staging',
      lastUpdateReason: 'resource import thru REST Api',
      dbVersion: 0,
    });
    expect(rule.id).not.toBe('rule-from-staging');
    const replaced = await t.request('POST', '/recommendation-rules/import?reason=nightly%20sync', token, {
      ...rule,
      weight: 3,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ id: rule.id, weight: 3, lastUpdateReason: 'nightly sync', dbVersion: 1 });
    expect(replaced.headers.etag).toBe('"1"');
  });

  it('keeps product ids as given: a rule may name products created later', async () => {
    const { token } = await t.tenant();
    const rule = await createRule(t, token, { eligibleProductIds: ['not-yet'] });
    const product = await createProduct(t, token);
    const res = await t.request('PUT', `/recommendation-rules/${rule.id}`, token, {
      ...rule,
      eligibleProductIds: ['not-yet', product.id],
    });
    expect(res.status).toBe(200);
  });
});
