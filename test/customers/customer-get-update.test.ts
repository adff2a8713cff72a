import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import {
  createCustomer,
  customerBody,
  customerEvents,
  customerWithToken,
  expectError,
  type Json,
  MASK,
} from './customer-factories.js';

const { t, operator } = await useApp({ operator: true });

/** The body of a PUT made from a read: what a client does. */
async function readBack(id: string, token = operator): Promise<Json> {
  return (await t.request('GET', `/customers/${id}`, token)).body as Json;
}

describe('GET /customers/{id}', () => {
  it('answers the record with its ETag', async () => {
    const created = await createCustomer(t);
    const res = await t.request('GET', `/customers/${created.id}`, operator);
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe('"0"');
    expect(res.body).toEqual({ ...created.body, iamClient: { ...created.body.iamClient, clientSecret: MASK } });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectError(
      await t.request('GET', '/customers/no-such-customer', operator),
      404,
      'customer no-such-customer was not found',
    );
    expectError(await t.request('GET', '/customers/%00', operator), 404);
  });
});

describe('PUT /customers/{id}', () => {
  it('replaces the record: absent fields are cleared, server-managed ones and the realm are kept; dbVersion + 1 and one event', async () => {
    const created = await createCustomer(t, {
      bannerEmail: 'a@example.com',
      logo: 'logo.png',
      type: 'RESELLER',
      status: 'RUNNING',
    });
    const body = {
      name: created.body.name,
      vatNumber: 'NEW-VAT',
      features: { seller: false },
      realmName: 'renamed-realm',
      iamClient: { realmName: 'x' },
      dbVersion: 0,
    };
    const res = await t.request('PUT', `/customers/${created.id}`, operator, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const updated = res.body as Json;
    expect(res.headers.etag).toBe('"1"');
    expect(updated).toMatchObject({
      id: created.id,
      vatNumber: 'NEW-VAT',
      dbVersion: 1,
      realmName: created.realmName,
      type: 'RESELLER',
      status: 'RUNNING',
      createDate: created.body.createDate,
    });
    expect(updated.iamClient).toEqual({ ...created.body.iamClient, clientSecret: MASK });
    expect(updated.signingPublicKey).toEqual(created.body.signingPublicKey);
    expect(updated.bannerEmail).toBeUndefined();
    expect(updated.logo).toBeUndefined();
    const events = await customerEvents(t, created.id);
    expect(events.map((e) => e.fact)).toEqual(['created', 'updated']);
    expect(events[1]!.what).toMatchObject({
      delta: { vatNumber: 'NEW-VAT', bannerEmail: null },
      previous: { vatNumber: created.body.vatNumber, bannerEmail: 'a@example.com' },
    });
  });

  it('answers 412 for a stale dbVersion or If-Match and changes nothing', async () => {
    const created = await createCustomer(t);
    expect(
      (
        await t.request('PUT', `/customers/${created.id}`, operator, {
          ...customerBody({ name: created.body.name }),
          dbVersion: 0,
        })
      ).status,
    ).toBe(200);
    expectError(
      await t.request('PUT', `/customers/${created.id}`, operator, {
        ...customerBody({ name: created.body.name, vatNumber: 'stale' }),
        dbVersion: 0,
      }),
      412,
      'dbVersion 1',
    );
    expectError(
      await t.request(
        'PUT',
        `/customers/${created.id}`,
        operator,
        customerBody({ name: created.body.name, vatNumber: 'stale' }),
        { 'if-match': '"0"' },
      ),
      412,
    );
    expect(await readBack(created.id)).toMatchObject({ dbVersion: 1, vatNumber: 'FR12345678901' });
  });

  it('lets a customer update its own record, keeping operator-only fields it leaves out', async () => {
    // parentId and authorizedCustomers name customer records: the parent and the authorized customer are real ones.
    const parent = await createCustomer(t);
    const someone = await createCustomer(t);
    const mine = await customerWithToken(t, {
      type: 'RESELLER',
      status: 'RUNNING',
      parentId: parent.id,
      authorizedCustomers: [someone.id],
    });
    const { type: _t, status: _s, parentId: _p, authorizedCustomers: _a, ...own } = await readBack(mine.id, mine.token);
    const res = await t.request('PUT', `/customers/${mine.id}`, mine.token, { ...own, bannerEmail: 'me@example.com' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      bannerEmail: 'me@example.com',
      type: 'RESELLER',
      status: 'RUNNING',
      parentId: parent.id,
      authorizedCustomers: [someone.id],
    });
  });

  it.each([
    ['type', 'RESELLER'],
    ['status', 'RUNNING'],
    ['authorizedCustomers', ['cust-of-someone-else']],
    ['parentId', 'another-parent'],
    ['features', { seller: true, resellerManagement: true }],
  ])("answers 403 to a customer's token changing %s, and changes nothing", async (field, value) => {
    const mine = await customerWithToken(t);
    const current = await readBack(mine.id, mine.token);
    expectError(
      await t.request('PUT', `/customers/${mine.id}`, mine.token, { ...current, [field]: value }),
      403,
      `body.${field} may be changed by the operator only`,
    );
    expect(await readBack(mine.id)).toMatchObject({ dbVersion: 0 });
  });

  it('lets the operator change operator-only fields', async () => {
    const created = await createCustomer(t);
    const publisher = await createCustomer(t);
    const body = {
      ...(await readBack(created.id)),
      status: 'RUNNING',
      type: 'RESELLER',
      authorizedCustomers: [publisher.id],
    };
    expect((await t.request('PUT', `/customers/${created.id}`, operator, body)).body).toMatchObject({
      status: 'RUNNING',
      type: 'RESELLER',
      dbVersion: 1,
    });
  });

  it('answers 404 to an update of an unknown customer', async () => {
    expectError(await t.request('PUT', '/customers/nobody', operator, customerBody()), 404);
  });
});
