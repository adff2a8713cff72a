import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import {
  type CreatedCustomer,
  createCustomer,
  customerWithToken,
  expectError,
  type Json,
  unique,
} from './customer-factories.js';

let shown: CreatedCustomer;
const { t, operator } = await useApp({ operator: true });
beforeAll(async () => {
  // authorizedCustomers names customer records: the partner kept out of the public view is a real one.
  const secretPartner = await createCustomer(t);
  shown = await createCustomer(t, {
    status: 'RUNNING',
    logo: 'https://cdn.example.com/logo.png',
    eCommercePartner: 'partner-x',
    fulfillments: { digital: 'download' },
    localizedHelpdeskGuideUrls: { fr: 'https://help.example.com/fr' },
    onboardingGuideUrl: 'https://example.com/guide',
    onboardingTermsUrl: 'https://example.com/terms',
    subscriptions: { basic: 'model-basic' },
    urlToOverrideDirectPaymentPublicUrl: 'https://pay.example.com',
    features: { onboardingManagement: true, usingBillingPlan: true, usingSafePIIData: false },
    paymentServiceConfiguration: { forcedPaymentTypes: 'CARD, PAYPAL', blackListedPaymentTypes: ['CHECK'] },
    authorizedCustomers: [secretPartner.id],
    bannerEmail: 'private@example.com',
  });
});

/** The public view of `shown`, exactly. */
const publicViewOfShown = () => ({
  id: shown.id,
  name: shown.body.name,
  status: 'RUNNING',
  blackListedPaymentTypes: ['CHECK'],
  forcedPaymentTypes: ['CARD', 'PAYPAL'],
  ecommercePartner: 'partner-x',
  fulfillments: { digital: 'download' },
  localizedHelpdeskGuideUrls: { fr: 'https://help.example.com/fr' },
  logo: 'https://cdn.example.com/logo.png',
  onboardingEnabled: true,
  onboardingGuideUrl: 'https://example.com/guide',
  onboardingTermsUrl: 'https://example.com/terms',
  subscriptions: { basic: 'model-basic' },
  urlToOverrideDirectPaymentPublicUrl: 'https://pay.example.com',
  usingBillingPlan: true,
  usingSafePIIData: false,
});

describe('GET /customers/by-name/{name} and /customers/by-realm/{name} (deprecated)', () => {
  it('answer the full customer to the operator', async () => {
    const byName = await t.request('GET', `/customers/by-name/${encodeURIComponent(shown.body.name)}`, operator);
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({
      id: shown.id,
      vatNumber: shown.body.vatNumber,
      iamClient: { clientSecret: '********' },
    });
    expect(byName.headers.etag).toBe('"0"');
    expect((await t.request('GET', `/customers/by-realm/${shown.realmName}`, operator)).body).toMatchObject({
      id: shown.id,
    });
  });

  it('apply tenant rules: a customer finds itself, not another (404)', async () => {
    const mine = await customerWithToken(t);
    expect(
      (await t.request('GET', `/customers/by-name/${encodeURIComponent(mine.body.name)}`, mine.token)).body,
    ).toMatchObject({ id: mine.id });
    expect((await t.request('GET', `/customers/by-realm/${mine.realmName}`, mine.token)).body).toMatchObject({
      id: mine.id,
    });
    expectError(await t.request('GET', `/customers/by-name/${encodeURIComponent(shown.body.name)}`, mine.token), 404);
    expectError(await t.request('GET', `/customers/by-realm/${shown.realmName}`, mine.token), 404);
  });

  it('by-name answers the first created of several customers sharing the name', async () => {
    const name = unique('Shared Name');
    const first = await createCustomer(t, { name, realmName: unique('first') });
    await createCustomer(t, { name, realmName: unique('second') });
    expect((await t.request('GET', `/customers/by-name/${encodeURIComponent(name)}`, operator)).body).toMatchObject({
      id: first.id,
    });
  });

  it('answer 404 for an unknown name or realm', async () => {
    expectError(await t.request('GET', `/customers/by-name/${unique('nobody')}`, operator), 404);
    expectError(await t.request('GET', `/customers/by-realm/${unique('no-realm')}`, operator), 404);
  });

  it('are marked deprecated in the OpenAPI document, with the other operations of ROUTES.md', async () => {
    const doc = (await t.request('GET', '/openapi.json', undefined)).body as Json;
    expect(doc.paths['/customers/by-name/{name}'].get).toMatchObject({
      operationId: 'getCustomerByName',
      deprecated: true,
    });
    expect(doc.paths['/customers/by-realm/{name}'].get).toMatchObject({
      operationId: 'getCustomerByRealm',
      deprecated: true,
    });
    const ids = Object.values(doc.paths).flatMap((item: any) => Object.values(item).map((op: any) => op.operationId));
    for (const id of [
      'listCustomers',
      'createCustomer',
      'updateRemotePriceFiltering',
      'listPublicCustomers',
      'getPublicCustomer',
      'verifySignedDataWithJwt',
      'signDataWithJwt',
      'getCustomer',
      'updateCustomer',
      'rotateCustomerClientSecret',
      'getCustomerPublicView',
      'verifySignedData',
      'signData',
    ]) {
      expect(ids).toContain(id);
    }
    expect(doc.paths['/customers/public'].get.security).toEqual([]);
    expect(doc.paths['/customers/{customerId}/sign'].post.security).toEqual([{ bearerAuth: ['customers:write'] }]);
  });
});

describe('public lookups (no token)', () => {
  it('GET /customers/public/{pathOrId} answers the public view by realm name or by id, and nothing more', async () => {
    for (const key of [shown.realmName, shown.id]) {
      const res = await t.request('GET', `/customers/public/${key}`, undefined);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(publicViewOfShown());
    }
  });

  it('GET /customers/{id}/public answers the public view', async () => {
    expect((await t.request('GET', `/customers/${shown.id}/public`, undefined)).body).toEqual(publicViewOfShown());
  });

  it('answers 404 for an unknown customer', async () => {
    expectError(await t.request('GET', `/customers/public/${unique('nobody')}`, undefined), 404);
    expectError(await t.request('GET', `/customers/${unique('nobody')}/public`, undefined), 404);
  });

  it('GET /customers/public?id= answers a page of public views, for a comma list or repeated ids', async () => {
    const other = await createCustomer(t);
    const page = (await t.request('GET', `/customers/public?id=${shown.id},${other.id},unknown-id`, undefined))
      .body as Json;
    expect(page).toMatchObject({ number: 0, size: 20, totalItems: 2, totalPages: 1, last: true });
    expect(page.items).toEqual([publicViewOfShown(), expect.objectContaining({ id: other.id, name: other.body.name })]);
    const repeated = (
      await t.request('GET', `/customers/public?id=${shown.id}&id=${other.id}&size=1&page=1`, undefined)
    ).body as Json;
    expect(repeated).toMatchObject({ number: 1, size: 1, totalItems: 2, last: true, items: [{ id: other.id }] });
    const pageable = encodeURIComponent(JSON.stringify({ page: 0, size: 1 }));
    expect(
      (await t.request('GET', `/customers/public?id=${shown.id},${other.id}&pageable=${pageable}`, undefined)).body,
    ).toMatchObject({ size: 1, items: [{ id: shown.id }] });
  });

  it('GET /customers/public?name= answers the customers of that exact name', async () => {
    const page = (await t.request('GET', `/customers/public?name=${encodeURIComponent(shown.body.name)}`, undefined))
      .body as Json;
    expect(page.items).toEqual([publicViewOfShown()]);
    expect(
      (await t.request('GET', `/customers/public?name=${encodeURIComponent(shown.body.name.toUpperCase())}`, undefined))
        .body,
    ).toMatchObject({ totalItems: 0, items: [] });
  });

  it('answers 400 to id and name together, and to neither', async () => {
    expectError(
      await t.request('GET', `/customers/public?id=${shown.id}&name=x`, undefined),
      400,
      'cannot be combined',
    );
    expectError(await t.request('GET', '/customers/public', undefined), 400, 'is required');
  });

  it('answers 400 to more than 500 ids, and serves 500', async () => {
    const ids = (n: number) => [shown.id, ...Array.from({ length: n - 1 }, (_, i) => `unknown-${i}`)].join(',');
    expectError(
      await t.request('GET', `/customers/public?id=${ids(501)}`, undefined),
      400,
      'querystring.id must list at most 500 ids',
    );
    expect((await t.request('GET', `/customers/public?id=${ids(500)}`, undefined)).body).toMatchObject({
      totalItems: 1,
      items: [{ id: shown.id }],
    });
  });
});
