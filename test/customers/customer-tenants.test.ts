import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import {
  createCustomer,
  customerToken,
  customerWithToken,
  expectError,
  type Json,
  listIds,
} from './customer-factories.js';

const { t, operator } = await useApp({ operator: true });

describe('customers across tenants', () => {
  it("lets a customer's token read its own record and not another's (404), and list only its own", async () => {
    const mine = await customerWithToken(t);
    const other = await createCustomer(t);
    expect((await t.request('GET', `/customers/${mine.id}`, mine.token)).status).toBe(200);
    expectError(await t.request('GET', `/customers/${other.id}`, mine.token), 404, 'was not found');
    expectError(await t.request('PUT', `/customers/${other.id}`, mine.token, other.body), 404);
    expect(await listIds(t, mine.token, '')).toEqual([mine.id]);
  });

  it('lets a reseller read, list and update an authorized publisher, not another', async () => {
    const publisher = await createCustomer(t);
    const outsider = await createCustomer(t);
    const reseller = await customerWithToken(t, { type: 'RESELLER', authorizedCustomers: [publisher.id] });
    expect((await t.request('GET', `/customers/${publisher.id}`, reseller.token)).body).toMatchObject({
      id: publisher.id,
    });
    expectError(await t.request('GET', `/customers/${outsider.id}`, reseller.token), 404);
    expect(await listIds(t, reseller.token, '')).toEqual([publisher.id, reseller.id]);
    const current = (await t.request('GET', `/customers/${publisher.id}`, reseller.token)).body as Json;
    const res = await t.request('PUT', `/customers/${publisher.id}`, reseller.token, {
      ...current,
      logo: 'by-reseller.png',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as Json).logo).toBe('by-reseller.png');
    expectError(
      await t.request('PUT', `/customers/${publisher.id}`, reseller.token, {
        ...current,
        dbVersion: 1,
        status: 'RUNNING',
      }),
      403,
      'operator only',
    );
  });

  it('does not let a publisher see its reseller (authorizations are one way)', async () => {
    const publisher = await customerWithToken(t);
    const reseller = await createCustomer(t, { type: 'RESELLER', authorizedCustomers: [publisher.id] });
    expectError(await t.request('GET', `/customers/${reseller.id}`, publisher.token), 404);
  });

  it('applies a change of authorizedCustomers to live tokens at once on this instance', async () => {
    const publisher = await createCustomer(t);
    const reseller = await customerWithToken(t, { type: 'RESELLER' });
    expectError(await t.request('GET', `/customers/${publisher.id}`, reseller.token), 404);
    const { dbVersion: _version, ...body } = (await t.request('GET', `/customers/${reseller.id}`, operator))
      .body as Json;
    expect(
      (await t.request('PUT', `/customers/${reseller.id}`, operator, { ...body, authorizedCustomers: [publisher.id] }))
        .status,
    ).toBe(200);
    expect((await t.request('GET', `/customers/${publisher.id}`, reseller.token)).status).toBe(200);
    expect(
      (await t.request('PUT', `/customers/${reseller.id}`, operator, { ...body, authorizedCustomers: [] })).status,
    ).toBe(200);
    expectError(await t.request('GET', `/customers/${publisher.id}`, reseller.token), 404);
  });

  it("widens the reseller's view of other resources too (terms of its publisher)", async () => {
    const publisher = await customerWithToken(t);
    const reseller = await customerWithToken(t, { type: 'RESELLER', authorizedCustomers: [publisher.id] });
    const terms = await t.request('POST', '/terms', publisher.token, {
      startDate: '2026-01-01T00:00:00Z',
      template: 'tpl',
      model: 'MOR',
    });
    expect(terms.status).toBe(201);
    expect((await t.request('GET', `/terms/${(terms.body as Json).id}`, reseller.token)).status).toBe(200);
  });

  it('shows the operator every customer', async () => {
    const a = await createCustomer(t);
    const b = await createCustomer(t);
    const ids = await listIds(t, operator, 'size=500');
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
  });
});

describe('customer scopes', () => {
  it('answers 401 without a token', async () => {
    const created = await createCustomer(t);
    expectError(await t.request('GET', `/customers/${created.id}`, undefined), 401);
    expectError(await t.request('GET', '/customers', undefined), 401);
    expectError(await t.request('POST', `/customers/${created.id}/client-secret`, undefined), 401);
  });

  it('answers 403 to writes with a customers:read token, and lets it read', async () => {
    const mine = await createCustomer(t);
    const readOnly = await customerToken(t, mine, 'customers:read');
    const current = (await t.request('GET', `/customers/${mine.id}`, readOnly)).body as Json;
    expect(current.id).toBe(mine.id);
    expectError(await t.request('PUT', `/customers/${mine.id}`, readOnly, current), 403, 'customers:write');
    expectError(await t.request('POST', `/customers/${mine.id}/client-secret`, readOnly), 403, 'customers:write');
    expectError(
      await t.request('PUT', '/customers/remote-price-filtering', readOnly, {
        remotePriceFilteringDataByCustomerId: { [mine.id]: {} },
      }),
      403,
      'customers:write',
    );
  });

  it('answers 403 to every customer route for a token without customers scopes', async () => {
    const mine = await createCustomer(t);
    const other = await customerToken(t, mine, 'terms:read');
    for (const url of [
      '/customers',
      `/customers/${mine.id}`,
      `/customers/by-name/${mine.body.name}`,
      `/customers/by-realm/${mine.realmName}`,
    ]) {
      expectError(await t.request('GET', url, other), 403, 'customers:read');
    }
  });
});
