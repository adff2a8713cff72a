import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { COMPANY_TERMS, createTagged, expectSimpleError, jsonParam, KINDS, TERMS, unique } from './terms-factories.js';

const { t, operator } = await useApp({ operator: true });

async function recap(path: string, query: string): Promise<Record<string, any>> {
  const res = await t.request('GET', `${path}/recap?${query}`, operator);
  if (res.status !== 200) throw new Error(`recap answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Record<string, any>;
}

describe('GET /terms/recap', () => {
  let tag: string;
  beforeAll(async () => {
    tag = unique('recap');
    const statuses = ['RUNNING', 'DRAFT', 'DRAFT', 'ARCHIVED', 'DRAFT', 'RUNNING', undefined];
    await createTagged(
      t,
      operator,
      TERMS,
      tag,
      statuses.map((status, i) => ({ status, model: i % 2 ? 'PAYFAC' : 'MOR', locale: i < 3 ? 'fr_FR' : 'en_US' })),
    );
  });

  it('counts records per status, largest count first', async () => {
    const page = await recap('/terms', `target=status&lastUpdater=${tag}`);
    expect(page.items).toEqual([
      { targetValue: 'DRAFT', count: 3 },
      { targetValue: 'RUNNING', count: 2 },
      { targetValue: 'ARCHIVED', count: 1 },
    ]);
    expect(page).toMatchObject({ number: 0, size: 20, totalItems: 3, totalPages: 1, last: true });
  });

  it('leaves out records that have no value for the target', async () => {
    const page = await recap('/terms', `target=status&lastUpdater=${tag}`);
    expect(page.items.reduce((sum: number, i: any) => sum + i.count, 0)).toBe(6);
  });

  it('respects filters, flat or in predicate', async () => {
    const flat = await recap('/terms', `target=status&lastUpdater=${tag}&locale=fr_FR`);
    expect(flat.items).toEqual([
      { targetValue: 'DRAFT', count: 2 },
      { targetValue: 'RUNNING', count: 1 },
    ]);
    const predicate = await recap(
      '/terms',
      `target=status&predicate=${jsonParam({ lastUpdater: tag, model: 'PAYFAC' })}`,
    );
    expect(predicate.items).toEqual([
      { targetValue: 'ARCHIVED', count: 1 },
      { targetValue: 'DRAFT', count: 1 },
      { targetValue: 'RUNNING', count: 1 },
    ]);
  });

  it('orders equal counts by value', async () => {
    const page = await recap('/terms', `target=model&lastUpdater=${tag}&status=RUNNING`);
    expect(page.items).toEqual([
      { targetValue: 'MOR', count: 1 },
      { targetValue: 'PAYFAC', count: 1 },
    ]);
  });

  it('pages over the groups, reporting the group count past the end too', async () => {
    const pages = await Promise.all(
      [0, 1, 2, 3].map((n) => recap('/terms', `target=status&lastUpdater=${tag}&size=1&page=${n}`)),
    );
    expect(pages.map((p) => p.items.map((i: any) => i.targetValue))).toEqual([
      ['DRAFT'],
      ['RUNNING'],
      ['ARCHIVED'],
      [],
    ]);
    for (const p of pages) expect(p).toMatchObject({ size: 1, totalItems: 3, totalPages: 3 });
    expect(pages.map((p) => p.last)).toEqual([false, false, true, true]);
    const viaPageable = await recap(
      '/terms',
      `target=status&pageable=${jsonParam({ page: 1, size: 2 })}&predicate=${jsonParam({ lastUpdater: tag })}`,
    );
    expect(viaPageable.items).toEqual([{ targetValue: 'ARCHIVED', count: 1 }]);
  });

  it('answers an empty page when nothing matches', async () => {
    expect(await recap('/terms', `target=status&lastUpdater=${unique('none')}`)).toEqual({
      items: [],
      last: true,
      number: 0,
      size: 20,
      totalItems: 0,
      totalPages: 0,
    });
  });
});

describe('GET /company-terms/recap', () => {
  it('counts records per cancelPeriod within a predicate', async () => {
    const url = unique('https://recap');
    await createTagged(t, operator, COMPANY_TERMS, url, [
      { cancelPeriod: '14 days' },
      { cancelPeriod: '30 days' },
      { cancelPeriod: '30 days' },
    ]);
    const page = await recap('/company-terms', `target=cancelPeriod&predicate=${jsonParam({ corporateUrl: url })}`);
    expect(page.items).toEqual([
      { targetValue: '30 days', count: 2 },
      { targetValue: '14 days', count: 1 },
    ]);
  });
});

describe('GET /company-terms/recap (object target)', () => {
  it('answers 400 for the nested map, which has no single value to count', async () => {
    const res = await t.request('GET', '/company-terms/recap?target=cancelPeriodI18nConfiguration', operator);
    expectSimpleError(res, 400, 'querystring.target field "cancelPeriodI18nConfiguration" is an object');
  });
});

describe.each(KINDS.map((k) => [k.path, k] as const))('GET %s/recap and /unwind (bad requests)', (path) => {
  it.each(['recap', 'unwind'])('/%s answers 400 when target is missing', async (op) => {
    expectSimpleError(await t.request('GET', `${path}/${op}`, operator), 400, 'querystring.target is required');
  });

  it.each(['recap', 'unwind'])('/%s answers 400 naming an unknown target', async (op) => {
    expectSimpleError(await t.request('GET', `${path}/${op}?target=colour`, operator), 400, '"colour"');
    expectSimpleError(await t.request('GET', `${path}/${op}?target=constructor`, operator), 400, '"constructor"');
  });

  it.each(['recap', 'unwind'])('/%s answers 400 for two targets', async (op) => {
    expectSimpleError(
      await t.request('GET', `${path}/${op}?target=startDate&target=id`, operator),
      400,
      'exactly one field',
    );
  });

  it.each(['recap', 'unwind'])('/%s answers 400 for an unknown filter', async (op) => {
    expectSimpleError(await t.request('GET', `${path}/${op}?target=startDate&colour=red`, operator), 400, 'colour');
    expectSimpleError(
      await t.request('GET', `${path}/${op}?target=startDate&predicate=${jsonParam({ colour: 'red' })}`, operator),
      400,
      '"colour" is not a filter',
    );
  });

  it('/unwind answers 400 for every field, since none is an array', async () => {
    const res = await t.request('GET', `${path}/unwind?target=startDate`, operator);
    expectSimpleError(res, 400, 'querystring.target field "startDate" is not an array field');
  });
});
