import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { eventsOf } from '../support/outbox-events.js';
import { createModel, expectError, type Json, modelBody, unique } from './subscription-factories.js';

const { t, tenant } = await useApp({ tenant: true });

describe('POST /subscription-models', () => {
  it('answers 201 with the model, owned by the caller, with its created event', async () => {
    const res = await t.request<Json>(
      'POST',
      '/subscription-models',
      tenant.token,
      modelBody({ name: 'monthly-pro', durationUntilTrialEnd: 14 }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      name: 'monthly-pro',
      customerId: tenant.customerId,
      durationUntilTrialEnd: 14,
      term: { unit: 'MONTH', value: '1' },
      dbVersion: 0,
    });
    expect((await eventsOf(t, 'subscription-model', res.body.id)).map((e) => e.fact)).toEqual(['created']);
  });

  it('answers 409 for a name the customer already uses; another customer may use it', async () => {
    const name = unique('dup');
    await createModel(t, tenant.token, { name });
    expectError(
      await t.request('POST', '/subscription-models', tenant.token, modelBody({ name })),
      409,
      'must be unique',
    );
    const other = await t.tenant();
    expect((await t.request('POST', '/subscription-models', other.token, modelBody({ name }))).status).toBe(201);
  });

  it('answers 400 for a missing name or term, or a bad term', async () => {
    expectError(
      await t.request('POST', '/subscription-models', tenant.token, { term: { unit: 'DAY', value: '1' } }),
      400,
      'name',
    );
    expectError(await t.request('POST', '/subscription-models', tenant.token, { name: unique('m') }), 400, 'term');
    expectError(
      await t.request('POST', '/subscription-models', tenant.token, modelBody({ term: { unit: 'DAY', value: '1.5' } })),
      400,
      'value',
    );
    expectError(
      await t.request('POST', '/subscription-models', tenant.token, modelBody({ durationUntilTrialEnd: -1 })),
      400,
      'durationUntilTrialEnd',
    );
  });
});

describe('GET /subscription-models/{model}', () => {
  it("reads a model by its name; an unknown name or another customer's model answers 404", async () => {
    const model = await createModel(t, tenant.token);
    const res = await t.request<Json>('GET', `/subscription-models/${encodeURIComponent(model.name)}`, tenant.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(model);
    expectError(await t.request('GET', `/subscription-models/${unique('none')}`, tenant.token), 404);
    const stranger = await t.tenant();
    expectError(await t.request('GET', `/subscription-models/${encodeURIComponent(model.name)}`, stranger.token), 404);
  });

  it("reads the customer's own model when the operator has one of the same name", async () => {
    const name = unique('same');
    const shared = await createModel(t, await t.operator(), { name });
    const own = await t.tenant();
    const mine = await createModel(t, own.token, { name, term: { unit: 'YEAR', value: '1' } });
    expect((await t.request<Json>('GET', `/subscription-models/${name}`, own.token)).body.id).toBe(mine.id);
    expect((await t.request<Json>('GET', `/subscription-models/${name}`, tenant.token)).body.id).toBe(shared.id);
  });
});

describe('GET /subscription-models', () => {
  it("lists the caller's models and the operator's, never another customer's; 50 per page by default", async () => {
    const own = await t.tenant();
    const a = await createModel(t, own.token);
    const b = await createModel(t, own.token);
    const others = await createModel(t, tenant.token);
    const res = await t.request<Json>('GET', '/subscription-models', own.token);
    expect(res.status).toBe(200);
    expect(res.body.size).toBe(50);
    const listed = res.body.items as Json[];
    expect(listed.map((m) => m.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(listed.map((m) => m.id)).not.toContain(others.id);
    for (const model of listed) expect([own.customerId, undefined]).toContain(model.customerId);
    const mine = await t.request<Json>('GET', `/subscription-models?customerId=${own.customerId}`, own.token);
    expect(mine.body).toMatchObject({ totalItems: 2 });
    expect(mine.body.items.map((m: Json) => m.id)).toEqual([a.id, b.id]);
  });
});
