import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import {
  createCustomer,
  customerBody,
  customerEvents,
  customerToken,
  customerWithToken,
  expectError,
  type Json,
  MASK,
  unique,
} from './customer-factories.js';

const { t, operator } = await useApp({ operator: true });

describe('POST /customers', () => {
  it('answers 201 with the stored record, a realm named after the name, and the client secret in clear', async () => {
    const name = `Éditions Ça Marche ${unique('x')}`;
    const res = await t.request(
      'POST',
      '/customers',
      operator,
      customerBody({ name, addressBook: { country: 'FR', zipCode: 75001 } }),
    );
    expect(res.status).toBe(201);
    const body = res.body as Json;
    expect(res.headers.location).toBe(`/customers/${body.id}`);
    expect(res.headers.etag).toBe('"0"');
    expect(body).toMatchObject({
      name,
      vatNumber: 'FR12345678901',
      type: 'PUBLISHER',
      status: 'TRIAL',
      dbVersion: 0,
      addressBook: { country: 'FR', zipCode: 75001 },
    });
    expect(body.realmName).toBe(`editions-ca-marche-${name.split(' ').pop()}`);
    expect(body.iamClient).toMatchObject({
      realmName: body.realmName,
      secretKeys: [{ createDate: body.createDate, secret: MASK }],
    });
    expect(body.iamClient.clientSecret).toMatch(/^[\w-]{20,}$/);
    expect(body.iamClient.realmPublicKey).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(body.signingPublicKey).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
  });

  it('keeps the clear secret out of caches and out of the Idempotency-Key store', async () => {
    const res = await t.request('POST', '/customers', operator, customerBody({ name: unique('Idem') }), {
      'idempotency-key': unique('key'),
    });
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const stored = await t.built.db.query<{ body: string | null }>(
      'SELECT response_body AS body FROM idempotency_keys',
    );
    expect(stored.rows.filter((row) => row.body?.includes((res.body as Json).iamClient.clientSecret))).toEqual([]);
  });

  it('keeps a realm name given in the body', async () => {
    const realmName = unique('my-realm');
    expect((await createCustomer(t, { realmName, type: 'RESELLER', status: 'RUNNING' })).body).toMatchObject({
      realmName,
      type: 'RESELLER',
      status: 'RUNNING',
    });
  });

  it('gives a name without Latin letters or digits a realm named after the id', async () => {
    const created = await createCustomer(t, { name: `株式会社 ${'—'.repeat(3)}` });
    expect(created.realmName).toBe(`customer-${created.id}`);
  });

  it('shows the secret once: reads, lists and events mask it', async () => {
    const created = await createCustomer(t);
    const get = await t.request('GET', `/customers/${created.id}`, operator);
    expect((get.body as Json).iamClient.clientSecret).toBe(MASK);
    const list = await t.request('GET', `/customers?name=${encodeURIComponent(created.body.name)}`, operator);
    expect((list.body as Json).items[0].iamClient.clientSecret).toBe(MASK);
    const [event] = await customerEvents(t, created.id);
    expect(event).toMatchObject({ fact: 'created', subject: 'customer', customerId: created.id });
    expect(JSON.stringify(event)).not.toContain(created.clientSecret);
    const { rows } = await t.built.db.query<{ doc: Json }>('SELECT doc FROM customers WHERE id = $1', [created.id]);
    expect(JSON.stringify(rows[0]!.doc)).not.toContain(created.clientSecret);
  });

  it('gives the new client a token at once, which sees its own customer only', async () => {
    const mine = await createCustomer(t);
    const other = await createCustomer(t);
    const token = await customerToken(t, mine);
    const own = await t.request('GET', `/customers/${mine.id}`, token);
    expect(own.status).toBe(200);
    expect((own.body as Json).id).toBe(mine.id);
    expectError(await t.request('GET', `/customers/${other.id}`, token), 404, 'was not found');
    expect((await t.request('GET', '/customers', token)).body).toMatchObject({
      totalItems: 1,
      items: [{ id: mine.id }],
    });
  });

  it('answers 409 for a realm name already taken, and creates nothing', async () => {
    const first = await createCustomer(t);
    const res = await t.request('POST', '/customers', operator, customerBody({ name: first.body.name }));
    expectError(res, 409, `realm name ${first.realmName} is already taken`);
    expectError(
      await t.request('POST', '/customers', operator, customerBody({ realmName: 'operator' })),
      409,
      'operator',
    );
    const { rows } = await t.built.db.query('SELECT count(*)::int AS n FROM customers WHERE doc @> $1::jsonb', [
      JSON.stringify({ name: first.body.name }),
    ]);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it("answers 403 to a customer's token, and creates no realm", async () => {
    const { token } = await customerWithToken(t);
    const realmName = unique('denied');
    expectError(
      await t.request('POST', '/customers', token, customerBody({ realmName })),
      403,
      'created by the operator',
    );
    const { rows } = await t.built.db.query('SELECT name FROM iam_realms WHERE name = $1', [realmName]);
    expect(rows).toEqual([]);
  });

  it('ignores server-managed fields sent in the body', async () => {
    const created = await createCustomer(t, {
      id: 'chosen',
      dbVersion: 7,
      iamClient: { clientSecret: 'mine', realmName: 'other' },
      signingPublicKey: { kty: 'x' },
      unknownField: 1,
    });
    expect(created.id).not.toBe('chosen');
    expect(created.body).toMatchObject({ dbVersion: 0, iamClient: { realmName: created.realmName } });
    expect(created.clientSecret).not.toBe('mine');
    expect(created.body.signingPublicKey.kty).toBe('OKP');
    expect(created.body.unknownField).toBeUndefined();
  });
});

describe('POST /customers/{id}/client-secret', () => {
  it('rotates the secret: the answer shows the new one once, the old one stops working, the new one works', async () => {
    const created = await createCustomer(t);
    const res = await t.request('POST', `/customers/${created.id}/client-secret`, operator);
    expect(res.status).toBe(200);
    const body = res.body as Json;
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body).toMatchObject({ id: created.id, dbVersion: 1, iamClient: { realmName: created.realmName } });
    expect(body.iamClient.clientSecret).not.toBe(created.clientSecret);
    expect(body.iamClient.clientSecret).not.toBe(MASK);
    const old = await t.request('POST', '/iam/tokens', undefined, {
      realmName: created.realmName,
      grantType: 'client_credentials',
      clientSecret: created.clientSecret,
    });
    expect(old.status).toBe(401);
    expect(await customerToken(t, { realmName: created.realmName, clientSecret: body.iamClient.clientSecret })).toEqual(
      expect.any(String),
    );
    expect(((await t.request('GET', `/customers/${created.id}`, operator)).body as Json).iamClient.clientSecret).toBe(
      MASK,
    );
    const events = await customerEvents(t, created.id);
    expect(events.map((e) => e.fact)).toEqual(['created', 'updated']);
    expect(JSON.stringify(events)).not.toContain(body.iamClient.clientSecret);
  });

  it('lets the customer rotate its own secret, but not a reseller acting for it (403) nor another customer (404)', async () => {
    const publisher = await customerWithToken(t);
    const reseller = await customerWithToken(t, { type: 'RESELLER', authorizedCustomers: [publisher.id] });
    const stranger = await customerWithToken(t);
    expect((await t.request('POST', `/customers/${publisher.id}/client-secret`, publisher.token)).status).toBe(200);
    expectError(await t.request('POST', `/customers/${publisher.id}/client-secret`, reseller.token), 403, 'rotate');
    expectError(await t.request('POST', `/customers/${publisher.id}/client-secret`, stranger.token), 404);
    expectError(await t.request('POST', '/customers/no-such-id/client-secret', operator), 404);
  });
});
