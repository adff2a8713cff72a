import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { COMPANY_TERMS, expectSimpleError, KINDS, storedDoc, TERMS } from './terms-factories.js';

const { t, operator } = await useApp({ operator: true });

describe.each(KINDS.map((k) => [k.path, k] as const))('POST %s', (_path, kind) => {
  it('answers 201 with the stored item at dbVersion 0, an ETag "0" and a Location', async () => {
    const before = Date.now();
    const res = await t.request(
      'POST',
      kind.path,
      operator,
      kind.body({ lastUpdateReason: 'first', originalId: 'orig-1' }),
    );
    expect(res.status).toBe(201);
    const body = res.body as Record<string, any>;
    expect(body).toMatchObject({ ...kind.body(), lastUpdateReason: 'first', originalId: 'orig-1', dbVersion: 0 });
    expect(body.id).toEqual(expect.any(String));
    expect(body.createDate).toBe(body.updateDate);
    expect(Date.parse(body.createDate)).toBeGreaterThanOrEqual(before - 1000);
    expect(body.createDate).toMatch(/Z$/);
    expect(body.customerId).toBeUndefined();
    expect(res.headers.etag).toBe('"0"');
    expect(res.headers.location).toBe(`${kind.path}/${body.id}`);
    const read = await t.request('GET', res.headers.location as string, operator);
    expect(read.body).toEqual(body);
  });

  it('gives every item its own id', async () => {
    const a = await t.request('POST', kind.path, operator, kind.body());
    const b = await t.request('POST', kind.path, operator, kind.body());
    expect((a.body as any).id).not.toBe((b.body as any).id);
  });

  it.each(kind.required)('answers 400 naming body.%s when it is missing', async (field) => {
    const body = kind.body();
    delete body[field];
    const res = await t.request('POST', kind.path, operator, body);
    expectSimpleError(res, 400, `body.${field} is required`);
  });

  it('answers 400 when startDate is not a date-time', async () => {
    const res = await t.request('POST', kind.path, operator, kind.body({ startDate: 'next tuesday' }));
    expectSimpleError(res, 400, 'body.startDate must be an RFC 3339 date-time such as 2026-01-01T00:00:00Z');
  });

  it('answers 400 naming the field when a string field has another type', async () => {
    const res = await t.request('POST', kind.path, operator, kind.body({ lastUpdateReason: 42 }));
    expectSimpleError(res, 400, 'body.lastUpdateReason must be of type string');
  });

  it('ignores the read-only fields id, createDate, updateDate and dbVersion sent in the body', async () => {
    const sent = kind.body({
      id: 'chosen-by-client',
      createDate: '2001-01-01T00:00:00Z',
      updateDate: '2001-01-01T00:00:00Z',
      dbVersion: 7,
    });
    const res = await t.request('POST', kind.path, operator, sent);
    expect(res.status).toBe(201);
    const body = res.body as Record<string, any>;
    expect(body.id).not.toBe('chosen-by-client');
    expect(body.dbVersion).toBe(0);
    expect(body.createDate.startsWith('2001')).toBe(false);
    expect(body.updateDate.startsWith('2001')).toBe(false);
    expect((await t.request('GET', `${kind.path}/chosen-by-client`, operator)).status).toBe(404);
    expect(await storedDoc(t, kind.table, body.id)).toMatchObject({
      id: body.id,
      dbVersion: 0,
      createDate: body.createDate,
    });
  });

  it('drops unknown fields and never stores them', async () => {
    const res = await t.request('POST', kind.path, operator, kind.body({ colour: 'red', nested: { deep: true } }));
    expect(res.status).toBe(201);
    const body = res.body as Record<string, any>;
    expect(body).not.toHaveProperty('colour');
    expect(body).not.toHaveProperty('nested');
    const stored = await storedDoc(t, kind.table, body.id);
    expect(stored).not.toHaveProperty('colour');
    expect(stored).not.toHaveProperty('nested');
  });

  it('stores a customerId given by the operator', async () => {
    const res = await t.request('POST', kind.path, operator, kind.body({ customerId: 'cust-by-operator' }));
    expect(res.status).toBe(201);
    expect((res.body as any).customerId).toBe('cust-by-operator');
    const { rows } = await t.built.db.query(`SELECT customer_id FROM ${kind.table} WHERE id = $1`, [
      (res.body as any).id,
    ]);
    expect(rows[0]).toEqual({ customer_id: 'cust-by-operator' });
  });
});

describe('POST /terms (enums)', () => {
  it.each(['MOR', 'PAYFAC'])('accepts the model %s', async (model) => {
    const res = await t.request('POST', '/terms', operator, TERMS.body({ model }));
    expect(res.status).toBe(201);
    expect((res.body as any).model).toBe(model);
  });

  it.each(['RUNNING', 'ARCHIVED', 'DRAFT'])('accepts the status %s', async (status) => {
    const res = await t.request('POST', '/terms', operator, TERMS.body({ status }));
    expect(res.status).toBe(201);
    expect((res.body as any).status).toBe(status);
  });

  it('accepts an item without status', async () => {
    const body = TERMS.body();
    delete body.status;
    const res = await t.request('POST', '/terms', operator, body);
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('status');
  });

  it('answers 400 naming model and its allowed values for another model', async () => {
    const res = await t.request('POST', '/terms', operator, TERMS.body({ model: 'mor' }));
    expectSimpleError(res, 400, 'body.model must be one of MOR, PAYFAC');
  });

  it('answers 400 naming status and its allowed values for another status', async () => {
    const res = await t.request('POST', '/terms', operator, TERMS.body({ status: 'LIVE' }));
    expectSimpleError(res, 400, 'body.status must be one of RUNNING, ARCHIVED, DRAFT');
  });

  it('keeps the optional text fields as sent', async () => {
    const fields = { locale: 'fr_FR', startingDate: 'soon', lastUpdater: 'alice', modelVersion: '3' };
    const res = await t.request('POST', '/terms', operator, TERMS.body(fields));
    expect(res.body).toMatchObject(fields);
  });
});

describe('POST /company-terms (cancelPeriodI18nConfiguration)', () => {
  const i18n = { fr_FR: { label: 'quatorze jours', short: '14 j' }, en_US: { label: 'fourteen days' }, de_DE: {} };

  it('round-trips the nested map through create, read and storage', async () => {
    const res = await t.request(
      'POST',
      '/company-terms',
      operator,
      COMPANY_TERMS.body({ cancelPeriodI18nConfiguration: i18n }),
    );
    expect(res.status).toBe(201);
    const body = res.body as Record<string, any>;
    expect(body.cancelPeriodI18nConfiguration).toEqual(i18n);
    expect((await t.request('GET', `/company-terms/${body.id}`, operator)).body).toMatchObject({
      cancelPeriodI18nConfiguration: i18n,
    });
    expect((await storedDoc(t, 'company_terms', body.id))?.cancelPeriodI18nConfiguration).toEqual(i18n);
  });

  it('answers 400 naming the path of a leaf that is not a string', async () => {
    const res = await t.request(
      'POST',
      '/company-terms',
      operator,
      COMPANY_TERMS.body({ cancelPeriodI18nConfiguration: { fr_FR: { label: 14 } } }),
    );
    expectSimpleError(res, 400, 'body.cancelPeriodI18nConfiguration.fr_FR.label must be of type string');
  });

  it('answers 400 when the first level is not a map', async () => {
    const res = await t.request(
      'POST',
      '/company-terms',
      operator,
      COMPANY_TERMS.body({ cancelPeriodI18nConfiguration: { fr_FR: 'x' } }),
    );
    expectSimpleError(res, 400, 'body.cancelPeriodI18nConfiguration.fr_FR must be of type object');
  });
});
