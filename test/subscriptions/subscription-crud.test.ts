import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { useApp } from '../support/fixture.js';
import { eventsOf } from '../support/outbox-events.js';
import {
  createModel,
  createSubscription,
  expectError,
  type Json,
  productIds,
  subscriptionBody,
  unique,
  utc,
} from './subscription-factories.js';

const clock = new ManualClock('2026-01-31T10:00:00Z');
/** A product of the tenant: the bodies posted as they are name it, so only what a test changes is wrong. */
let productId: string;
const { t, tenant } = await useApp({ clock, tenant: true });
beforeAll(async () => {
  [productId] = await productIds(t, tenant.token, 1);
});

/** subscriptionBody naming the tenant's product. */
const bodyOf = (overrides: Json = {}) => subscriptionBody({ products: [{ id: productId }], ...overrides });

describe('POST /subscriptions', () => {
  it('answers 201 with epoch-ms dates, the model copied and the life cycle computed from its term', async () => {
    clock.set('2026-01-31T10:00:00Z');
    const model = await createModel(t, tenant.token, { term: { unit: 'MONTH', value: '1' } });
    const res = await t.request<Json>(
      'POST',
      '/subscriptions',
      tenant.token,
      bodyOf({ modelId: model.id, model: undefined }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const now = utc('2026-01-31T10:00:00Z');
    const feb28 = utc('2026-02-28T10:00:00Z');
    expect(res.body).toMatchObject({
      id: expect.any(String),
      createDate: now,
      updateDate: now,
      dbVersion: 0,
      customerId: tenant.customerId,
      modelId: model.id,
      model: { id: model.id, name: model.name, customerId: tenant.customerId, term: { unit: 'MONTH', value: '1' } },
      lifecycle: {
        status: 'ACTIVE',
        generation: 0,
        creationDate: now,
        anniversaryDate: feb28,
        nextBillingDate: feb28,
        expirationDate: feb28,
        modelId: model.id,
        id: expect.any(String),
      },
      products: [{ id: productId, lineItemId: expect.any(String) }],
    });
    expect(res.headers.etag).toBe('"0"');
    expect((await eventsOf(t, 'subscription', res.body.id)).map((e) => e.fact)).toEqual(['created']);
  });

  it("starts in TRIAL when the model has a trial; a model named by name is found among the owner's", async () => {
    const model = await createModel(t, tenant.token, { durationUntilTrialEnd: 14 });
    const sub = await createSubscription(t, tenant.token, { model: { name: model.name } });
    expect(sub.lifecycle.status).toBe('TRIAL');
    expect(sub.modelId).toBe(model.id);
    expect(sub.model.durationUntilTrialEnd).toBe(14);
  });

  it('keeps every field of the specification', async () => {
    const [nextProductId] = await productIds(t, tenant.token, 1);
    const body = bodyOf({
      externalContext: 'ctx',
      externalRefId: 'ext-1',
      initialOrderId: 'order-0',
      layout: 'l',
      layoutName: 'ln',
      migratedFromCustomerId: 'old',
      source: 'PURCHASE',
      storeId: 'store-eu',
      imported: true,
      upgradable: false,
      mandateValue: 12.5,
      decodedExternalContext: { a: 1, b: { c: 'x' } },
      discountPlan: { nextDiscountStep: 2, startingStep: 1, tag: 'promo' },
      emails: [{ date: 1767225600000, emailId: 'e1', id: 'm1', message: 'hello', templateName: 'welcome' }],
      nextProducts: [
        { id: nextProductId, licenseId: 'lic', dynamicVariables: { seats: 5 }, priceFunctionParameters: { p: 'v' } },
      ],
    });
    const sub = await createSubscription(t, tenant.token, body);
    const { name: _n, ...rest } = body;
    expect(sub).toMatchObject({
      ...rest,
      nextProducts: [{ ...body.nextProducts[0], lineItemId: expect.any(String) }],
      products: [{ id: productId, lineItemId: expect.any(String) }],
    });
    const read = await t.request<Json>('GET', `/subscriptions/${sub.id}`, tenant.token);
    expect(read.body).toEqual(sub);
  });

  it('answers 400 for free-form values nested deeper than a map of lists (decodedExternalContext, dynamicVariables)', async () => {
    expect(
      (
        await t.request(
          'POST',
          '/subscriptions',
          tenant.token,
          bodyOf({ decodedExternalContext: { a: { b: [1, 'x'] } } }),
        )
      ).status,
    ).toBe(201);
    expectError(
      await t.request(
        'POST',
        '/subscriptions',
        tenant.token,
        bodyOf({ decodedExternalContext: { a: { b: { c: 1 } } } }),
      ),
      400,
      'decodedExternalContext',
    );
    expectError(
      await t.request(
        'POST',
        '/subscriptions',
        tenant.token,
        bodyOf({ products: [{ id: productId, dynamicVariables: { a: [[1]] } }] }),
      ),
      400,
      'dynamicVariables',
    );
  });

  it('keeps no id or owner sent with an inline model', async () => {
    const sub = await createSubscription(t, tenant.token, {
      model: { id: 'fake', customerId: 'other', name: 'inline', term: { unit: 'WEEK', value: '2' } },
    });
    expect(sub.model).toEqual({ name: 'inline', term: { unit: 'WEEK', value: '2' } });
    expect(sub.modelId).toBeUndefined();
  });

  it('ignores a lifecycle sent in the body', async () => {
    const sub = await createSubscription(t, tenant.token, { lifecycle: { status: 'EXPIRED', generation: 7 } });
    expect(sub.lifecycle).toMatchObject({ status: 'ACTIVE', generation: 0 });
  });

  it('answers 400 without a model, with an unknown modelId or model name, or with a bad term', async () => {
    expectError(
      await t.request('POST', '/subscriptions', tenant.token, bodyOf({ model: undefined })),
      400,
      'body.modelId is required',
    );
    expectError(
      await t.request('POST', '/subscriptions', tenant.token, bodyOf({ modelId: 'nope' })),
      400,
      'subscription model nope was not found',
    );
    expectError(
      await t.request('POST', '/subscriptions', tenant.token, bodyOf({ model: { name: unique('missing') } })),
      400,
      'no subscription model named',
    );
    expectError(
      await t.request(
        'POST',
        '/subscriptions',
        tenant.token,
        bodyOf({ model: { term: { unit: 'FORTNIGHT', value: '1' } } }),
      ),
      400,
      'unit',
    );
    expectError(
      await t.request('POST', '/subscriptions', tenant.token, bodyOf({ model: { term: { unit: 'DAY', value: '0' } } })),
      400,
      'value',
    );
  });

  it('answers 400 when the operator names no customer, and 403 when a tenant names another one', async () => {
    expectError(
      await t.request('POST', '/subscriptions', await t.operator(), bodyOf()),
      400,
      'body.customerId is required',
    );
    expectError(await t.request('POST', '/subscriptions', tenant.token, bodyOf({ customerId: 'someone-else' })), 403);
  });

  it("refuses another customer's model (400)", async () => {
    const other = await t.tenant();
    const model = await createModel(t, other.token);
    expectError(
      await t.request(
        'POST',
        '/subscriptions',
        await t.operator(),
        bodyOf({ customerId: tenant.customerId, modelId: model.id }),
      ),
      400,
      'belongs to another customer',
    );
  });
});

describe('GET /subscriptions', () => {
  it('answers a page carrying format, 50 items by default', async () => {
    const own = await t.tenant();
    for (let i = 0; i < 3; i++) await createSubscription(t, own.token);
    const res = await t.request<Json>('GET', '/subscriptions', own.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      format: 'subscription-v1',
      size: 50,
      number: 0,
      totalItems: 3,
      totalPages: 1,
      last: true,
    });
    expect(res.body.items).toHaveLength(3);
    const paged = await t.request<Json>('GET', '/subscriptions?size=2&page=1', own.token);
    expect(paged.body).toMatchObject({ format: 'subscription-v1', size: 2, number: 1, totalItems: 3, last: true });
    expect(paged.body.items).toHaveLength(1);
  });

  it('filters by lifecycle status', async () => {
    const own = await t.tenant();
    const sub = await createSubscription(t, own.token);
    await createSubscription(t, own.token);
    await t.request('POST', `/subscriptions/${sub.id}/suspend`, own.token);
    const res = await t.request<Json>('GET', '/subscriptions?status=SUSPENDED', own.token);
    expect(res.body.items.map((item: Json) => item.id)).toEqual([sub.id]);
  });
});

describe('PUT /subscriptions/{subscriptionId}', () => {
  it('replaces the document, keeping the life cycle and the model, and answers 412 on a stale dbVersion', async () => {
    const sub = await createSubscription(t, tenant.token, { storeId: 'store-1' });
    clock.advance(1000);
    const res = await t.request<Json>('PUT', `/subscriptions/${sub.id}`, tenant.token, {
      ...sub,
      name: 'renamed',
      storeId: undefined,
      lifecycle: { status: 'CANCELLED' },
      model: { term: { unit: 'DAY', value: '1' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name: 'renamed',
      dbVersion: 1,
      lifecycle: sub.lifecycle,
      model: sub.model,
      createDate: sub.createDate,
    });
    expect(res.body.storeId).toBeUndefined();
    expect(res.body.updateDate).toBe(sub.updateDate + 1000);
    expectError(
      await t.request('PUT', `/subscriptions/${sub.id}`, tenant.token, { ...sub, name: 'stale' }),
      412,
      'dbVersion',
    );
    expect((await t.request<Json>('GET', `/subscriptions/${sub.id}`, tenant.token)).body.name).toBe('renamed');
  });
});

describe('DELETE /subscriptions/{subscriptionId}', () => {
  it('answers 204, then 404, and emits deleted', async () => {
    const sub = await createSubscription(t, tenant.token);
    expect((await t.request('DELETE', `/subscriptions/${sub.id}`, tenant.token)).status).toBe(204);
    expectError(
      await t.request('GET', `/subscriptions/${sub.id}`, tenant.token),
      404,
      `subscription ${sub.id} was not found`,
    );
    expect((await eventsOf(t, 'subscription', sub.id)).map((e) => e.fact)).toEqual(['created', 'deleted']);
  });
});
