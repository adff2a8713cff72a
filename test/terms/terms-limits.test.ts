import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { randomWideText } from '../support/random-text.js';
import {
  COMPANY_TERMS,
  createItem,
  createTagged,
  expectSimpleError,
  jsonParam,
  TERMS,
  unique,
} from './terms-factories.js';

/** docs/decisions.md#input-bounds: limits of the terms APIs' fields and listing parameters. */
const { t, operator } = await useApp({ operator: true });

describe('POST /terms field limits', () => {
  it('stores a customerId of 128 four-byte characters and finds it again through the indexed column', async () => {
    const customerId = randomWideText(128);
    const created = await createItem(t, operator, TERMS, { customerId });
    const listed = await t.request('GET', `/terms?customerId=${encodeURIComponent(customerId)}`, operator);
    expect(listed.status).toBe(200);
    expect((listed.body as { items: { id: string }[] }).items.map((i) => i.id)).toEqual([created.id]);
  });

  it.each([
    ['customerId', { customerId: randomWideText(129) }, 'body.customerId must be at most 128 characters'],
    ['originalId', { originalId: randomWideText(129) }, 'body.originalId must be at most 128 characters'],
    ['lastUpdater', { lastUpdater: randomWideText(1001) }, 'body.lastUpdater must be at most 1000 characters'],
    [
      'lastUpdateReason',
      { lastUpdateReason: 'x'.repeat(1001) },
      'body.lastUpdateReason must be at most 1000 characters',
    ],
    ['locale', { locale: 'x'.repeat(65) }, 'body.locale must be at most 64 characters'],
    ['template', { template: 'x'.repeat(500_001) }, 'body.template must be at most 500000 characters'],
  ])('answers 400 naming %s when it is longer than its limit', async (_field, overrides, message) => {
    expectSimpleError(await t.request('POST', '/terms', operator, TERMS.body(overrides)), 400, message);
  });

  it('takes a template of exactly 500000 characters', async () => {
    const created = await createItem(t, operator, TERMS, { template: 'x'.repeat(500_000) });
    expect((created.template as string).length).toBe(500_000);
  });
});

describe('POST /company-terms field limits', () => {
  it('answers 400 naming a map key longer than 128 characters, and a map of more than 500 entries', async () => {
    const longKey = { [randomWideText(129)]: { label: 'x' } };
    const res = await t.request(
      'POST',
      '/company-terms',
      operator,
      COMPANY_TERMS.body({ cancelPeriodI18nConfiguration: longKey }),
    );
    expectSimpleError(
      res,
      400,
      /^body\.cancelPeriodI18nConfiguration has a key ".+…" that must be at most 128 characters$/,
    );
    const nested = await t.request(
      'POST',
      '/company-terms',
      operator,
      COMPANY_TERMS.body({ cancelPeriodI18nConfiguration: { fr: { ['k'.repeat(129)]: 'x' } } }),
    );
    expectSimpleError(nested, 400, 'body.cancelPeriodI18nConfiguration.fr has a key');
    const many = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`l${i}`, {}]));
    expectSimpleError(
      await t.request('POST', '/company-terms', operator, COMPANY_TERMS.body({ cancelPeriodI18nConfiguration: many })),
      400,
      'body.cancelPeriodI18nConfiguration must have at most 500 entries',
    );
  });

  it('answers 400 for a URL field longer than 2048 characters', async () => {
    expectSimpleError(
      await t.request(
        'POST',
        '/company-terms',
        operator,
        COMPANY_TERMS.body({ corporateUrl: `https://x.example/${'a'.repeat(2048)}` }),
      ),
      400,
      'body.corporateUrl must be at most 2048 characters',
    );
  });
});

describe('GET /terms repeatable parameters', () => {
  const refused = async (query: string, message: string) =>
    expectSimpleError(await t.request('GET', `/terms?${query}`, operator), 400, message);

  it('takes 10 sort keys and refuses 11, repeated or in one comma list', async () => {
    const tag = unique('sorts');
    await createTagged(t, operator, TERMS, tag, [{}, {}]);
    // Distinct fields: a field named again counts once.
    const ten = [
      'id',
      'createDate',
      'updateDate',
      'dbVersion',
      'lastUpdateReason',
      'originalId',
      'customerId',
      'startingDate',
      'startDate',
      'locale',
    ].map((field) => `${field},desc`);
    expect(
      (await t.request('GET', `/terms?lastUpdater=${tag}&${ten.map((s) => `sort=${s}`).join('&')}`, operator)).status,
    ).toBe(200);
    await refused(
      [...ten, 'template'].map((s) => `sort=${s}`).join('&'),
      'querystring.sort must have at most 10 items',
    );
    await refused(`sort=${[...ten, 'template'].join(',')}`, 'querystring.sort may name at most 10 sort keys, not 11');
    await refused(
      `pageable=${jsonParam({ sort: [...ten, 'template'] })}`,
      'querystring.sort may name at most 10 sort keys, not 11',
    );
  });

  it('answers 400, not 500, for thousands of sort keys', async () => {
    await refused(
      `sort=${Array.from({ length: 3000 }, () => 'id').join(',')}`,
      'querystring.sort[0] must be at most 8192 characters',
    );
    // The same field 2000 times is one sort key, not a statement PostgreSQL refuses.
    expect(
      (await t.request('GET', `/terms?sort=${Array.from({ length: 2000 }, () => 'id').join(',')}`, operator)).status,
    ).toBe(200);
  });

  it('refuses more than 100 targets and more than 100 values of one filter', async () => {
    await refused(
      `target=${Array.from({ length: 101 }, () => 'status').join(',')}`,
      'querystring.target may name at most 100 fields, not 101',
    );
    await refused(
      `predicate=${jsonParam({ status: Array.from({ length: 101 }, () => 'DRAFT') })}`,
      'querystring.status may name at most 100 values, not 101',
    );
  });

  it('refuses a filter value longer than its field, and a predicate value longer than 4096 characters', async () => {
    await refused(`customerId=${'c'.repeat(129)}`, 'querystring.customerId must be at most 128 characters');
    await refused(
      `predicate=${jsonParam({ lastUpdater: 'x'.repeat(4097) })}`,
      'querystring.lastUpdater must be at most 4096 characters',
    );
  });
});
