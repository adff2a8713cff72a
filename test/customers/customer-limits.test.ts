import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { randomWideText } from '../support/random-text.js';
import { createCustomer, customerBody, customerToken, type Json } from './customer-factories.js';

/**
 * docs/decisions.md#text-lengths: a customer whose every text is at its limit, in four-byte characters (the most
 * an index entry must hold), is stored and every read of it works: get, list, lookups, public views, its token.
 */
const { t, operator } = await useApp({ operator: true });

describe('a customer at the limits', () => {
  it('is created, read, listed, looked up and gets a token', async () => {
    const name = randomWideText(150);
    // parentId and authorizedCustomers name customer records, whose ids the server makes: they hold real ids, not
    // texts at their limits (customer-validation.test.ts checks that a longer id and a longer list are refused).
    const parent = await createCustomer(t);
    const authorized = [await createCustomer(t), await createCustomer(t)];
    const body = customerBody({
      name,
      vatNumber: randomWideText(50),
      parentId: parent.id,
      legalEntityId: randomWideText(128),
      bannerEmail: randomWideText(254),
      logo: randomWideText(2048),
      addressBook: { city: randomWideText(1000), streetAddress: randomWideText(1000) },
      authorizedCustomers: authorized.map((customer) => customer.id),
      fulfillments: Object.fromEntries(Array.from({ length: 20 }, () => [randomWideText(128), randomWideText(1000)])),
      availableLocales: Array.from({ length: 50 }, () => randomWideText(64)),
    });
    const created = await t.request('POST', '/customers', operator, body);
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    const customer = created.body as Json;
    // No Latin letter or digit in the name: the realm is named after the id.
    expect(customer.realmName).toBe(`customer-${customer.id}`);

    expect((await t.request('GET', `/customers/${customer.id}`, operator)).status).toBe(200);
    const listed = await t.request('GET', `/customers?name=${encodeURIComponent(name)}&sort=name,desc`, operator);
    expect((listed.body as Json).items.map((c: Json) => c.id)).toEqual([customer.id]);
    expect((await t.request('GET', `/customers/by-name/${encodeURIComponent(name)}`, operator)).status).toBe(200);
    const publicByName = await t.request('GET', `/customers/public?name=${encodeURIComponent(name)}`, undefined);
    expect((publicByName.body as Json).items.map((c: Json) => c.id)).toEqual([customer.id]);
    const token = await customerToken(t, {
      realmName: customer.realmName,
      clientSecret: customer.iamClient.clientSecret,
    });
    expect((await t.request('GET', `/customers/${customer.id}`, token)).status).toBe(200);
  });

  it('answers 400, not 500, for a public lookup by a name longer than any customer has', async () => {
    const res = await t.request('GET', `/customers/public?name=${encodeURIComponent(randomWideText(151))}`, undefined);
    expect(res.status).toBe(400);
    expect((res.body as Json).message).toBe('querystring.name must be at most 150 characters');
  });
});
