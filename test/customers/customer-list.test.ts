import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { createCustomer, expectError, type Json, listIds, unique } from './customer-factories.js';

const { t, operator } = await useApp({ operator: true });

/** Two customers sharing a VAT number (the scope of one test), differing in `a` and `b`; returns their ids. */
async function pair(a: Json, b: Json): Promise<{ vat: string; first: string; second: string }> {
  const vat = unique('VAT');
  const first = await createCustomer(t, { vatNumber: vat, ...a });
  const second = await createCustomer(t, { vatNumber: vat, ...b });
  return { vat, first: first.id, second: second.id };
}

const FILTERS: [string, Json, Json, string][] = [
  ['addressBook.country', { addressBook: { country: 'FR' } }, { addressBook: { country: 'DE' } }, 'FR'],
  [
    'addressBook.streetAddress',
    { addressBook: { streetAddress: '1 rue de la Paix' } },
    { addressBook: { streetAddress: '2 rue de la Paix' } },
    '1 rue de la Paix',
  ],
  ['addressBook.city', { addressBook: { city: 'Lyon' } }, { addressBook: { city: 'Paris' } }, 'Lyon'],
  ['addressBook.state', { addressBook: { state: 'Rhône' } }, { addressBook: { state: 'Isère' } }, 'Rhône'],
  ['addressBook.zipCode', { addressBook: { zipCode: 69001 } }, { addressBook: { zipCode: 69002 } }, '69001'],
  [
    'addressBook.phoneNumber',
    { addressBook: { phoneNumber: '+33 1 00 00 00 01' } },
    { addressBook: { phoneNumber: '+33 1 00 00 00 02' } },
    '+33 1 00 00 00 01',
  ],
  ['status', { status: 'RUNNING' }, { status: 'TRIAL' }, 'RUNNING'],
  ['cancelPeriod', { cancelPeriod: 14 }, { cancelPeriod: 30 }, '14'],
  ['bannerEmail', { bannerEmail: 'one@example.com' }, { bannerEmail: 'two@example.com' }, 'one@example.com'],
  ['retryPaymentValidityDuration', { retryPaymentValidityDuration: 7 }, { retryPaymentValidityDuration: 8 }, '7'],
  ['quoteValidityDuration', { quoteValidityDuration: 30 }, { quoteValidityDuration: 31 }, '30'],
  [
    'quoteSubscriptionValidityDuration',
    { quoteSubscriptionValidityDuration: 45 },
    { quoteSubscriptionValidityDuration: 46 },
    '45',
  ],
  [
    'multiplePaymentsValidityDuration',
    { multiplePaymentsValidityDuration: 90 },
    { multiplePaymentsValidityDuration: 0 },
    '90',
  ],
  ['type', { type: 'RESELLER' }, { type: 'PUBLISHER' }, 'RESELLER'],
];

describe('GET /customers', () => {
  it.each(FILTERS)('filters on %s', async (filter, a, b, value) => {
    const { vat, first } = await pair(a, b);
    expect(await listIds(t, operator, `vatNumber=${vat}&${filter}=${encodeURIComponent(value)}`)).toEqual([first]);
  });

  // Not in FILTERS: parentId names a customer record, so the two parents are real customers made when the test runs.
  it('filters on parentId', async () => {
    const parentA = await createCustomer(t);
    const parentB = await createCustomer(t);
    const { vat, first } = await pair({ parentId: parentA.id }, { parentId: parentB.id });
    expect(await listIds(t, operator, `vatNumber=${vat}&parentId=${encodeURIComponent(parentA.id)}`)).toEqual([first]);
  });

  it('matches vatNumber exactly (not a prefix, not another case)', async () => {
    const { vat, first, second } = await pair({}, {});
    expect(await listIds(t, operator, `vatNumber=${vat}`)).toEqual([first, second]);
    expect(await listIds(t, operator, `vatNumber=${vat.slice(0, -1)}`)).toEqual([]);
    expect(await listIds(t, operator, `vatNumber=${vat.toLowerCase()}`)).toEqual([]);
  });

  it('matches status exactly', async () => {
    const { vat } = await pair({ status: 'RUNNING' }, { status: 'TRIAL' });
    expect(await listIds(t, operator, `vatNumber=${vat}&status=running`)).toEqual([]);
  });

  it('answers 400 naming a filter value of the wrong type, and an unknown filter', async () => {
    expectError(await t.request('GET', '/customers?addressBook.zipCode=abc', operator), 400, 'addressBook.zipCode');
    expectError(await t.request('GET', '/customers?cancelPeriod=1.5', operator), 400, 'cancelPeriod');
    expectError(await t.request('GET', '/customers?vatNumbers=x', operator), 400, 'vatNumbers');
  });

  it('returns only the target fields (plus id)', async () => {
    const { vat, first } = await pair(
      { bannerEmail: 'x@example.com', addressBook: { city: 'Nice', country: 'FR' } },
      {},
    );
    const res = await t.request(
      'GET',
      `/customers?vatNumber=${vat}&target=bannerEmail&target=addressBook.city&size=1`,
      operator,
    );
    expect(res.body).toEqual({
      items: [{ id: first, bannerEmail: 'x@example.com', addressBook: { city: 'Nice' } }],
      last: false,
      number: 0,
      size: 1,
      totalItems: 2,
      totalPages: 2,
    });
  });

  it('pages and sorts, in flat or JSON form', async () => {
    const { vat, first, second } = await pair({ name: `b-${unique()}` }, { name: `a-${unique()}` });
    expect(await listIds(t, operator, `vatNumber=${vat}&sort=name,asc`)).toEqual([second, first]);
    expect(await listIds(t, operator, `vatNumber=${vat}&page=1&size=1`)).toEqual([second]);
    const pageable = encodeURIComponent(JSON.stringify({ page: 0, size: 1, sort: ['name,desc'] }));
    const predicate = encodeURIComponent(JSON.stringify({ vatNumber: vat }));
    expect(await listIds(t, operator, `pageable=${pageable}&predicate=${predicate}`)).toEqual([first]);
  });

  it('answers 400 for a page size over 500', async () => {
    expectError(await t.request('GET', '/customers?size=501', operator), 400, 'size');
  });
});
