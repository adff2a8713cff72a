import { beforeAll, describe, expect, it } from 'vitest';
import { addTerms } from '../../src/apis/subscriptions/subscription-terms.js';
import { ManualClock } from '../../src/platform/clock.js';
import { useApp } from '../support/fixture.js';
import {
  createSubscription,
  type Json,
  productIds,
  subscriptionBody,
  tokenFor,
  utc,
} from './subscription-factories.js';

describe('addTerms (calendar terms in UTC)', () => {
  it.each([
    ['2026-01-31T10:00:00Z', 'MONTH', '1', '2026-02-28T10:00:00Z'],
    ['2028-01-31T10:00:00Z', 'MONTH', '1', '2028-02-29T10:00:00Z'],
    ['2026-03-31T00:00:00Z', 'MONTH', '1', '2026-04-30T00:00:00Z'],
    ['2026-01-31T00:00:00Z', 'MONTH', '2', '2026-03-31T00:00:00Z'],
    ['2028-02-29T12:00:00Z', 'YEAR', '1', '2029-02-28T12:00:00Z'],
    ['2028-02-29T12:00:00Z', 'YEAR', '4', '2032-02-29T12:00:00Z'],
    ['2026-12-31T23:30:00Z', 'DAY', '1', '2027-01-01T23:30:00Z'],
    ['2026-03-28T00:00:00Z', 'WEEK', '1', '2026-04-04T00:00:00Z'],
    ['2026-10-24T12:00:00Z', 'DAY', '2', '2026-10-26T12:00:00Z'],
    ['2026-11-30T00:00:00Z', 'MONTH', '3', '2027-02-28T00:00:00Z'],
  ] as const)('%s + %s %s = %s', (from, unit, value, expected) => {
    expect(new Date(addTerms(utc(from), { unit, value })).toISOString()).toBe(new Date(expected).toISOString());
  });

  it('counts several terms from the start, so month ends do not drift', () => {
    const jan31 = utc('2026-01-31T00:00:00Z');
    expect(new Date(addTerms(jan31, { unit: 'MONTH', value: '1' }, 2)).toISOString()).toBe('2026-03-31T00:00:00.000Z');
  });
});

const clock = new ManualClock();
const { t } = await useApp({ clock });

describe('life cycle dates of a new subscription over HTTP', () => {
  let token: () => Promise<string>;
  beforeAll(async () => {
    token = tokenFor(t, await t.tenant());
  });

  it.each([
    ['2026-01-31T08:00:00Z', 'MONTH', '1', '2026-02-28T08:00:00Z'],
    ['2028-01-31T08:00:00Z', 'MONTH', '1', '2028-02-29T08:00:00Z'],
    ['2028-02-29T08:00:00Z', 'YEAR', '1', '2029-02-28T08:00:00Z'],
    ['2026-05-31T23:59:59Z', 'MONTH', '1', '2026-06-30T23:59:59Z'],
  ] as const)(
    'created %s with a %s %s term: next billing, anniversary and expiration on %s',
    async (now, unit, value, expected) => {
      clock.set(now);
      const sub = await createSubscription(t, await token(), { model: { term: { unit, value } } });
      const end = utc(expected);
      expect(sub.lifecycle).toMatchObject({
        creationDate: utc(now),
        nextBillingDate: end,
        anniversaryDate: end,
        expirationDate: end,
      });
      expect(sub.createDate).toBe(utc(now));
    },
  );

  it('answers 400 for a term that would end after the year 9999', async () => {
    clock.set('2026-01-01T00:00:00Z');
    const products = (await productIds(t, await token(), 1)).map((id) => ({ id }));
    const res = await t.request(
      'POST',
      '/subscriptions',
      await token(),
      subscriptionBody({ model: { term: { unit: 'YEAR', value: '9999' } }, products }),
    );
    expect(res.status).toBe(400);
    expect((res.body as Json).message).toContain('year 9999');
  });
});
