import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { createCustomer, customerEvents, customerWithToken, expectError, type Json } from './customer-factories.js';

const { t, operator } = await useApp({ operator: true });

const update = (token: string, byId: Json) =>
  t.request('PUT', '/customers/remote-price-filtering', token, { remotePriceFilteringDataByCustomerId: byId });
const read = async (id: string) => (await t.request('GET', `/customers/${id}`, operator)).body as Json;

describe('PUT /customers/remote-price-filtering', () => {
  it("replaces each listed customer's remotePriceFiltering, bumps dbVersion and emits one event each", async () => {
    const a = await createCustomer(t, { remotePriceFiltering: { filteringFieldsForB2B: ['old'] } });
    const b = await createCustomer(t);
    const res = await update(operator, {
      [b.id]: { filteringFieldsForB2C: ['currency'] },
      [a.id]: { filteringFieldsForB2B: ['country', 'segment'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        id: b.id,
        dbVersion: 1,
        remotePriceFiltering: { filteringFieldsForB2C: ['currency'] },
      }),
      expect.objectContaining({
        id: a.id,
        dbVersion: 1,
        remotePriceFiltering: { filteringFieldsForB2B: ['country', 'segment'] },
      }),
    ]);
    expect((res.body as Json[])[0]!.iamClient.clientSecret).toBe('********');
    expect(await read(a.id)).toMatchObject({
      dbVersion: 1,
      remotePriceFiltering: { filteringFieldsForB2B: ['country', 'segment'] },
      name: a.body.name,
    });
    const events = await customerEvents(t, a.id);
    expect(events.map((e) => e.fact)).toEqual(['created', 'updated']);
    expect(events[1]!.what).toEqual({
      delta: {
        remotePriceFiltering: { filteringFieldsForB2B: ['country', 'segment'] },
        updateDate: expect.any(String),
        dbVersion: 1,
      },
      previous: {
        remotePriceFiltering: { filteringFieldsForB2B: ['old'] },
        updateDate: a.body.updateDate,
        dbVersion: 0,
      },
    });
    expect((await customerEvents(t, b.id)).map((e) => e.fact)).toEqual(['created', 'updated']);
  });

  it('changes nothing when one id is unknown (404), all or nothing', async () => {
    const a = await createCustomer(t);
    expectError(
      await update(operator, {
        [a.id]: { filteringFieldsForB2B: ['x'] },
        'zz-unknown': { filteringFieldsForB2B: ['y'] },
      }),
      404,
      'zz-unknown',
    );
    expect(await read(a.id)).toMatchObject({ dbVersion: 0 });
    expect((await read(a.id)).remotePriceFiltering).toBeUndefined();
    expect((await customerEvents(t, a.id)).map((e) => e.fact)).toEqual(['created']);
  });

  it("applies tenant rules: a customer's token updates itself and its authorized customers; an invisible id is a 404 and changes nothing", async () => {
    const publisher = await createCustomer(t);
    const stranger = await createCustomer(t);
    const reseller = await customerWithToken(t, { type: 'RESELLER', authorizedCustomers: [publisher.id] });
    const res = await update(reseller.token, {
      [reseller.id]: { filteringFieldsForB2B: ['own'] },
      [publisher.id]: { filteringFieldsForB2C: ['theirs'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectError(
      await update(reseller.token, {
        [reseller.id]: { filteringFieldsForB2B: ['again'] },
        [stranger.id]: { filteringFieldsForB2B: ['no'] },
      }),
      404,
    );
    expect(await read(reseller.id)).toMatchObject({
      dbVersion: 1,
      remotePriceFiltering: { filteringFieldsForB2B: ['own'] },
    });
    expect(await read(stranger.id)).toMatchObject({ dbVersion: 0 });
  });

  it('answers 400 to a missing or empty map and to a malformed entry', async () => {
    const a = await createCustomer(t);
    expectError(
      await t.request('PUT', '/customers/remote-price-filtering', operator, {}),
      400,
      'body.remotePriceFilteringDataByCustomerId is required',
    );
    expectError(await update(operator, {}), 400, 'remotePriceFilteringDataByCustomerId');
    expectError(
      await update(operator, { [a.id]: { filteringFieldsForB2B: 'country' } }),
      400,
      'filteringFieldsForB2B must be of type array',
    );
    expectError(
      await update(operator, { [a.id]: { filteringFieldsForB2B: ['ok', 'nul\u0000'] } }),
      400,
      `body.remotePriceFilteringDataByCustomerId.${a.id}.filteringFieldsForB2B[1] must not contain NUL`,
    );
    expect(await read(a.id)).toMatchObject({ dbVersion: 0 });
  });
});
