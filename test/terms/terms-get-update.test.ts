import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { COMPANY_TERMS, createItem, expectSimpleError, KINDS, sleep, storedDoc, TERMS } from './terms-factories.js';

const { t, operator } = await useApp({ operator: true });

const WEIRD_IDS = [
  ['a long id', 'x'.repeat(100)],
  // Past the router's parameter limit, and a broken percent-encoding: the router refuses them, in our shape.
  ['an id longer than the router accepts', 'x'.repeat(2000)],
  ['a broken percent-encoding', 'a%E0%A4%A'],
  ['an empty id', ''],
  ['a unicode id', encodeURIComponent('été-☃-\u202e-𝄞')],
  ['a path traversal', encodeURIComponent('../x')],
  ['a NUL byte', 'a%00b'],
  ['an SQL fragment', encodeURIComponent("' OR '1'='1")],
  ['a percent sign', '100%25'],
  ['a JSON object', encodeURIComponent('{"$ne":null}')],
] as const;

describe.each(KINDS.map((k) => [k.path, k] as const))('GET %s/{id}', (_path, kind) => {
  it('answers 200 with the item and its ETag', async () => {
    const created = await createItem(t, operator, kind);
    const res = await t.request('GET', `${kind.path}/${created.id}`, operator);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
    expect(res.headers.etag).toBe('"0"');
  });

  it('answers 404 in the error shape for an unknown id, naming it', async () => {
    const res = await t.request('GET', `${kind.path}/0190f0e0-0000-7000-8000-000000000000`, operator);
    expectSimpleError(res, 404, '0190f0e0-0000-7000-8000-000000000000 was not found');
    expect((res.body as any).path).toBe(`${kind.path}/0190f0e0-0000-7000-8000-000000000000`);
  });

  it.each(WEIRD_IDS)('answers 404, never 500, for %s', async (_name, id) => {
    expectSimpleError(await t.request('GET', `${kind.path}/${id}`, operator), 404);
    expectSimpleError(await t.request('PUT', `${kind.path}/${id}`, operator, kind.body()), 404);
  });
});

describe.each(KINDS.map((k) => [k.path, k] as const))('PUT %s/{id}', (_path, kind) => {
  it('replaces the document: absent fields are cleared, server-managed ones kept', async () => {
    const extra =
      kind === TERMS
        ? { locale: 'fr_FR', lastUpdater: 'alice' }
        : { cancelPeriodI18nConfiguration: { fr: { a: 'b' } }, originalId: 'o-1' };
    const created = await createItem(t, operator, kind, {
      ...extra,
      customerId: 'cust-kept',
      lastUpdateReason: 'first',
    });
    await sleep(5);
    const res = await t.request(
      'PUT',
      `${kind.path}/${created.id}`,
      operator,
      kind.body({ lastUpdateReason: 'second' }),
    );
    expect(res.status).toBe(200);
    const updated = res.body as Record<string, any>;
    for (const field of Object.keys(extra)) expect(updated).not.toHaveProperty(field);
    expect(updated).toMatchObject({
      id: created.id,
      createDate: created.createDate,
      customerId: 'cust-kept',
      lastUpdateReason: 'second',
      dbVersion: 1,
    });
    expect(Date.parse(updated.updateDate)).toBeGreaterThan(Date.parse(created.updateDate));
    expect(res.headers.etag).toBe('"1"');
    expect((await t.request('GET', `${kind.path}/${created.id}`, operator)).body).toEqual(updated);
    expect(await storedDoc(t, kind.table, created.id)).toEqual(updated);
  });

  it('ignores id, createDate, updateDate and customerId sent in the body', async () => {
    const created = await createItem(t, operator, kind, { customerId: 'cust-owner' });
    const body = kind.body({
      id: 'other-id',
      createDate: '2001-01-01T00:00:00Z',
      updateDate: '2001-01-01T00:00:00Z',
      customerId: 'cust-thief',
    });
    const res = await t.request('PUT', `${kind.path}/${created.id}`, operator, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, createDate: created.createDate, customerId: 'cust-owner' });
    expect((res.body as any).updateDate.startsWith('2001')).toBe(false);
    expect((await t.request('GET', `${kind.path}/other-id`, operator)).status).toBe(404);
  });

  it('adds 1 to dbVersion on every update', async () => {
    const created = await createItem(t, operator, kind);
    for (const expected of [1, 2, 3]) {
      const res = await t.request(
        'PUT',
        `${kind.path}/${created.id}`,
        operator,
        kind.body({ dbVersion: expected - 1 }),
      );
      expect((res.body as any).dbVersion).toBe(expected);
      expect(res.headers.etag).toBe(`"${expected}"`);
    }
  });

  it('answers 412 for a stale dbVersion in the body and changes nothing', async () => {
    const created = await createItem(t, operator, kind, { lastUpdateReason: 'v0' });
    expect(
      (
        await t.request(
          'PUT',
          `${kind.path}/${created.id}`,
          operator,
          kind.body({ lastUpdateReason: 'v1', dbVersion: 0 }),
        )
      ).status,
    ).toBe(200);
    const stale = await t.request(
      'PUT',
      `${kind.path}/${created.id}`,
      operator,
      kind.body({ lastUpdateReason: 'v2', dbVersion: 0 }),
    );
    expectSimpleError(stale, 412, 'dbVersion 1');
    expect((await t.request('GET', `${kind.path}/${created.id}`, operator)).body).toMatchObject({
      lastUpdateReason: 'v1',
      dbVersion: 1,
    });
  });

  it('answers 412 for a dbVersion ahead of the stored one', async () => {
    const created = await createItem(t, operator, kind);
    expectSimpleError(await t.request('PUT', `${kind.path}/${created.id}`, operator, kind.body({ dbVersion: 5 })), 412);
  });

  it('applies a body without dbVersion', async () => {
    const created = await createItem(t, operator, kind);
    await t.request('PUT', `${kind.path}/${created.id}`, operator, kind.body());
    const res = await t.request(
      'PUT',
      `${kind.path}/${created.id}`,
      operator,
      kind.body({ lastUpdateReason: 'blind' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lastUpdateReason: 'blind', dbVersion: 2 });
  });

  it('answers 412 for a stale If-Match and changes nothing, 200 for the current one', async () => {
    const created = await createItem(t, operator, kind, { lastUpdateReason: 'v0' });
    await t.request('PUT', `${kind.path}/${created.id}`, operator, kind.body({ lastUpdateReason: 'v1' }));
    const stale = await t.request(
      'PUT',
      `${kind.path}/${created.id}`,
      operator,
      kind.body({ lastUpdateReason: 'v2' }),
      { 'if-match': '"0"' },
    );
    expectSimpleError(stale, 412);
    expect((await t.request('GET', `${kind.path}/${created.id}`, operator)).body).toMatchObject({
      lastUpdateReason: 'v1',
      dbVersion: 1,
    });
    const current = await t.request(
      'PUT',
      `${kind.path}/${created.id}`,
      operator,
      kind.body({ lastUpdateReason: 'v2' }),
      { 'if-match': '"1"' },
    );
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ lastUpdateReason: 'v2', dbVersion: 2 });
  });

  it('takes the ETag of a read as If-Match', async () => {
    const created = await createItem(t, operator, kind);
    const read = await t.request('GET', `${kind.path}/${created.id}`, operator);
    const res = await t.request('PUT', `${kind.path}/${created.id}`, operator, kind.body(), {
      'if-match': read.headers.etag as string,
    });
    expect(res.status).toBe(200);
  });

  it('answers 412 when If-Match and the body dbVersion disagree, even if one is current', async () => {
    const created = await createItem(t, operator, kind);
    const res = await t.request('PUT', `${kind.path}/${created.id}`, operator, kind.body({ dbVersion: 0 }), {
      'if-match': '"3"',
    });
    expectSimpleError(res, 412);
  });

  it('answers 412 for an If-Match that is not a version, and accepts *', async () => {
    const created = await createItem(t, operator, kind);
    expectSimpleError(
      await t.request('PUT', `${kind.path}/${created.id}`, operator, kind.body(), { 'if-match': '"abc"' }),
      412,
    );
    expect(
      (await t.request('PUT', `${kind.path}/${created.id}`, operator, kind.body(), { 'if-match': '*' })).status,
    ).toBe(200);
  });

  it('answers 404 for an unknown id and creates nothing', async () => {
    const res = await t.request('PUT', `${kind.path}/0190f0e0-0000-7000-8000-00000000beef`, operator, kind.body());
    expectSimpleError(res, 404, 'was not found');
    expect(await storedDoc(t, kind.table, '0190f0e0-0000-7000-8000-00000000beef')).toBeUndefined();
  });

  it.each(kind.required)('answers 400 naming body.%s when it is missing', async (field) => {
    const created = await createItem(t, operator, kind);
    const body = kind.body();
    delete body[field];
    expectSimpleError(
      await t.request('PUT', `${kind.path}/${created.id}`, operator, body),
      400,
      `body.${field} is required`,
    );
    expect((await t.request('GET', `${kind.path}/${created.id}`, operator)).body).toMatchObject({ dbVersion: 0 });
  });

  it('drops unknown fields on update', async () => {
    const created = await createItem(t, operator, kind);
    const res = await t.request('PUT', `${kind.path}/${created.id}`, operator, kind.body({ colour: 'red' }));
    expect(res.body).not.toHaveProperty('colour');
    expect(await storedDoc(t, kind.table, created.id)).not.toHaveProperty('colour');
  });

  it('lets exactly one of two concurrent updates based on the same version win', async () => {
    const created = await createItem(t, operator, kind);
    const url = `${kind.path}/${created.id}`;
    const results = await Promise.all(
      ['a', 'b'].map((r) => t.request('PUT', url, operator, kind.body({ lastUpdateReason: r, dbVersion: 0 }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 412]);
    const winner = results.find((r) => r.status === 200)!.body as any;
    expect((await t.request('GET', url, operator)).body).toMatchObject({
      lastUpdateReason: winner.lastUpdateReason,
      dbVersion: 1,
    });
  });
});

describe('PUT /company-terms/{id} (nested map)', () => {
  it('replaces the whole map rather than merging it', async () => {
    const created = await createItem(t, operator, COMPANY_TERMS, {
      cancelPeriodI18nConfiguration: { fr: { a: '1', b: '2' }, en: { a: '1' } },
    });
    const res = await t.request(
      'PUT',
      `/company-terms/${created.id}`,
      operator,
      COMPANY_TERMS.body({ cancelPeriodI18nConfiguration: { fr: { a: '1' } } }),
    );
    expect((res.body as any).cancelPeriodI18nConfiguration).toEqual({ fr: { a: '1' } });
  });
});

describe('PUT /terms/{id} (enums)', () => {
  it('answers 400 for a model outside the enum and changes nothing', async () => {
    const created = await createItem(t, operator, TERMS);
    expectSimpleError(
      await t.request('PUT', `/terms/${created.id}`, operator, TERMS.body({ model: 'RESELLER' })),
      400,
      'body.model must be one of MOR, PAYFAC',
    );
    expect((await t.request('GET', `/terms/${created.id}`, operator)).body).toMatchObject({
      model: 'MOR',
      dbVersion: 0,
    });
  });
});
