import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { takeViolations } from '../support/response-conformance.js';
import { createTagged, expectSimpleError, KINDS, storeLegacyItem, TERMS, unique } from './terms-factories.js';

/**
 * docs/decisions.md#date-times-are-strict-rfc-3339: date-times are strict RFC 3339 with a year PostgreSQL stores
 * faithfully and at most microseconds, so that no stored value can make a sorted listing fail for the tenants who see
 * it.
 */
const { t, operator } = await useApp({ operator: true });

const RULE =
  'must be an RFC 3339 date-time such as 2026-01-01T00:00:00Z (year 1000 to 9999, at most 6 fractional digits, offset with a colon)';

const sortedIds = async (tag: string, direction: 'asc' | 'desc') => {
  const res = await t.request('GET', `/terms?lastUpdater=${tag}&sort=startDate,${direction}&size=100`, operator);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { items: { id: string }[] }).items.map((item) => item.id);
};

describe.each(KINDS.map((k) => [k.path, k] as const))('POST %s startDate', (path, kind) => {
  it.each([
    ['seven fractional digits', '2026-01-01T00:00:00.1234567Z'],
    ['three hundred fractional digits', `2026-01-01T00:00:00.${'1'.repeat(300)}Z`],
    ['the year 0000', '0000-01-01T00:00:00Z'],
    ['the year 0999', '0999-12-31T00:00:00Z'],
    ['a five-digit year', '10000-01-01T00:00:00Z'],
    ['an offset without its colon', '2026-01-01T00:00:00+0100'],
    ['an offset without minutes', '2026-01-01T00:00:00+01'],
    ['an offset past 14:59', '2026-01-01T00:00:00+15:00'],
    ['no offset', '2026-01-01T00:00:00'],
    ['a space for the T', '2026-01-01 00:00:00Z'],
    ['a date only', '2026-01-01'],
    ['words', 'next tuesday'],
  ])('answers 400 naming the field and the rule for %s', async (_case, startDate) => {
    expectSimpleError(await t.request('POST', path, operator, kind.body({ startDate })), 400, `body.startDate ${RULE}`);
  });

  it('answers 400 for a day the calendar does not have', async () => {
    expectSimpleError(
      await t.request('POST', path, operator, kind.body({ startDate: '2026-02-29T00:00:00Z' })),
      400,
      'body.startDate must be a valid date-time',
    );
  });
});

describe('date-times at the edges of the rule', () => {
  const accepted = [
    '1000-01-01T00:00:00+14:00',
    '1000-01-01T00:00:00Z',
    '2024-02-29T12:00:00.123456-14:59',
    '2026-01-01t00:00:00z',
    '2026-12-31T23:59:60Z',
    '9999-12-31T23:59:59.999999-14:59',
  ];

  it('are stored as sent, and every one of them sorts by instant, both ways', async () => {
    const tag = unique('edges');
    // Created in reverse, so the order a listing answers comes from the values, not from creation.
    const created = await createTagged(
      t,
      operator,
      TERMS,
      tag,
      [...accepted].reverse().map((startDate) => ({ startDate })),
    );
    expect(created.map((c) => c.startDate)).toEqual([...accepted].reverse());
    const byValue = new Map(created.map((c) => [c.startDate as string, c.id as string]));
    expect(await sortedIds(tag, 'asc')).toEqual(accepted.map((value) => byValue.get(value)));
    expect(await sortedIds(tag, 'desc')).toEqual([...accepted].reverse().map((value) => byValue.get(value)));
  });
});

describe('a date-time stored before the rule', () => {
  it('never makes a sorted listing fail: values PostgreSQL cannot cast sort after the others', async () => {
    const tag = unique('legacy');
    const good = await createTagged(t, operator, TERMS, tag, [
      { startDate: '2026-01-02T00:00:00Z' },
      { startDate: '2026-01-01T00:00:00Z' },
    ]);
    const legacy = [];
    for (const startDate of [
      `2026-01-01T00:00:00.${'9'.repeat(300)}Z`,
      '2026-02-31T00:00:00Z',
      `2026-01-01T00:00:00.${'1'.repeat(61)}+01:00`,
    ]) {
      legacy.push(await storeLegacyItem(t, TERMS, { startDate, lastUpdater: tag }));
    }
    const asc = await sortedIds(tag, 'asc');
    expect(asc.slice(0, 2)).toEqual([good[1]!.id, good[0]!.id]);
    expect(new Set(asc.slice(2))).toEqual(new Set(legacy.map((item) => item.id)));
    const desc = await sortedIds(tag, 'desc');
    expect(desc).toHaveLength(5);
    // A tenant's listing of everything it may see, sorted, answers too.
    const tenant = await t.tenant();
    expect((await t.request('GET', '/terms?sort=startDate,desc&size=500', tenant.token)).status).toBe(200);
    // Values stored before the rule are answered as stored, outside the pattern the document declares: expected here.
    expect(takeViolations().every((v) => /startDate must match/.test(v.problem))).toBe(true);
  });

  it('reads back as stored, and a client may replace it with a valid value', async () => {
    const stored = await storeLegacyItem(t, TERMS, {
      startDate: '0000-01-01T00:00:00Z',
      lastUpdater: unique('legacy-read'),
    });
    const read = await t.request('GET', `/terms/${stored.id}`, operator);
    expect(read.status).toBe(200);
    expect((read.body as { startDate: string }).startDate).toBe('0000-01-01T00:00:00Z');
    const replaced = await t.request('PUT', `/terms/${stored.id}`, operator, {
      ...TERMS.body(),
      startDate: '2026-01-01T00:00:00Z',
      dbVersion: 0,
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    // Values stored before the rule are answered as stored, outside the pattern the document declares: expected here.
    expect(takeViolations().every((v) => /startDate must match/.test(v.problem))).toBe(true);
  });
});
