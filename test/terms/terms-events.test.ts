import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import {
  COMPANY_TERMS,
  createItem,
  eventsOf,
  expectSimpleError,
  KINDS,
  storedDoc,
  TERMS,
  unique,
} from './terms-factories.js';

const { t, operator } = await useApp({ operator: true });

async function outboxCount(): Promise<number> {
  const { rows } = await t.built.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox');
  return rows[0]!.n;
}

describe.each(KINDS.map((k) => [k.path, k] as const))('%s events', (path, kind) => {
  it('writes one "created" event per create, in the shape of docs/product-decisions.md §5', async () => {
    const before = await outboxCount();
    const created = await createItem(t, operator, kind, { customerId: 'cust-ev' });
    expect(await outboxCount()).toBe(before + 1);
    const [event, ...more] = await eventsOf(t, kind.subject, created.id);
    expect(more).toEqual([]);
    expect(Object.keys(event!).sort()).toEqual([
      'customerId',
      'fact',
      'id',
      'involved',
      'occurredAt',
      'subject',
      'what',
    ]);
    expect(event).toMatchObject({
      fact: 'created',
      subject: kind.subject,
      customerId: 'cust-ev',
      involved: { [kind.subject]: created },
    });
    expect(Object.keys(event!.involved)).toEqual([kind.subject]);
    expect(event!.what.delta).toEqual(created);
    expect(Object.values(event!.what.previous).every((v) => v === null)).toBe(true);
    expect(Date.parse(event!.occurredAt)).toBeGreaterThanOrEqual(Date.parse(created.createDate));
    expect(event!.id).not.toBe(created.id);
  });

  it('keeps the outbox columns equal to the event', async () => {
    const created = await createItem(t, operator, kind);
    const { rows } = await t.built.db.query<Record<string, any>>(
      `SELECT id, fact, subject, customer_id, occurred_at, processed_at FROM outbox WHERE event -> 'involved' -> $1 ->> 'id' = $2`,
      [kind.subject, created.id],
    );
    const [event] = await eventsOf(t, kind.subject, created.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: event!.id,
      fact: 'created',
      subject: kind.subject,
      customer_id: null,
      processed_at: null,
    });
    expect(new Date(rows[0]!.occurred_at).toISOString()).toBe(event!.occurredAt);
    expect(event!.customerId).toBeNull();
  });

  it('writes one "updated" event per update, with the changed fields only', async () => {
    const created = await createItem(t, operator, kind, {
      lastUpdateReason: 'r1',
      originalId: 'o1',
      customerId: 'cust-up',
    });
    const res = await t.request(
      'PUT',
      `${path}/${created.id}`,
      operator,
      kind.body({ lastUpdateReason: 'r2', startingDate: 'later' }),
    );
    const updated = res.body as Record<string, any>;
    const events = await eventsOf(t, kind.subject, created.id);
    expect(events.map((e) => e.fact)).toEqual(['created', 'updated']);
    const event = events[1]!;
    expect(event).toMatchObject({
      subject: kind.subject,
      customerId: 'cust-up',
      involved: { [kind.subject]: updated },
    });
    expect(event.what.delta).toEqual({
      lastUpdateReason: 'r2',
      startingDate: 'later',
      originalId: null,
      updateDate: updated.updateDate,
      dbVersion: 1,
    });
    expect(event.what.previous).toEqual({
      lastUpdateReason: 'r1',
      startingDate: null,
      originalId: 'o1',
      updateDate: created.updateDate,
      dbVersion: 0,
    });
  });

  it('writes no event for a 412, 400 or 404 update', async () => {
    const created = await createItem(t, operator, kind);
    const before = await outboxCount();
    expectSimpleError(await t.request('PUT', `${path}/${created.id}`, operator, kind.body({ dbVersion: 3 })), 412);
    expectSimpleError(
      await t.request('PUT', `${path}/${created.id}`, operator, kind.body(), { 'if-match': '"9"' }),
      412,
    );
    expectSimpleError(await t.request('PUT', `${path}/${created.id}`, operator, { startDate: 'x' }), 400);
    expectSimpleError(
      await t.request('PUT', `${path}/0190f0e0-0000-7000-8000-000000000404`, operator, kind.body()),
      404,
    );
    expect(await outboxCount()).toBe(before);
  });

  it('writes no event for a refused create', async () => {
    const before = await outboxCount();
    expectSimpleError(await t.request('POST', path, operator, { startDate: '2026-01-01T00:00:00Z' }), 400);
    const tenant = await t.tenant();
    expectSimpleError(await t.request('POST', path, tenant.token, kind.body({ customerId: 'cust-other' })), 403);
    expect(await outboxCount()).toBe(before);
  });
});

describe('/company-terms update events (nested map)', () => {
  it('diffs cancelPeriodI18nConfiguration recursively', async () => {
    const created = await createItem(t, operator, COMPANY_TERMS, {
      cancelPeriodI18nConfiguration: { fr: { a: '1', b: '2' }, en: { a: 'x' }, de: { z: 'z' } },
    });
    const i18n = { fr: { a: '1', b: '3' }, en: { a: 'x' }, it: { c: 'c' } };
    await t.request(
      'PUT',
      `/company-terms/${created.id}`,
      operator,
      COMPANY_TERMS.body({ cancelPeriodI18nConfiguration: i18n }),
    );
    const [, event] = await eventsOf(t, 'company-terms', created.id);
    expect(event!.what.delta.cancelPeriodI18nConfiguration).toEqual({ fr: { b: '3' }, de: null, it: { c: 'c' } });
    expect(event!.what.previous.cancelPeriodI18nConfiguration).toEqual({ fr: { b: '2' }, de: { z: 'z' }, it: null });
    expect(event!.involved['company-terms'].cancelPeriodI18nConfiguration).toEqual(i18n);
  });
});

describe('/terms events and transactions', () => {
  it('writes the event in the transaction of the change: a failing event write leaves no record', async () => {
    const customerId = unique('boom');
    await t.built.db.query(
      `ALTER TABLE outbox ADD CONSTRAINT refuse_boom CHECK (customer_id IS DISTINCT FROM '${customerId}') NOT VALID`,
    );
    try {
      const tag = unique('tx');
      const res = await t.request('POST', '/terms', operator, TERMS.body({ customerId, lastUpdater: tag }));
      expectSimpleError(res, 500, 'an unexpected error occurred');
      expect(JSON.stringify(res.body)).not.toMatch(/refuse_boom|outbox|constraint/i);
      const { rows } = await t.built.db.query('SELECT id FROM terms WHERE customer_id = $1', [customerId]);
      expect(rows).toEqual([]);
    } finally {
      await t.built.db.query('ALTER TABLE outbox DROP CONSTRAINT refuse_boom');
    }
  });

  it('rolls an update back when its event cannot be written', async () => {
    const customerId = unique('boom');
    const created = await createItem(t, operator, TERMS, { customerId, template: 'before' });
    await t.built.db.query(
      `ALTER TABLE outbox ADD CONSTRAINT refuse_boom2 CHECK (customer_id IS DISTINCT FROM '${customerId}') NOT VALID`,
    );
    try {
      expect((await t.request('PUT', `/terms/${created.id}`, operator, TERMS.body({ template: 'after' }))).status).toBe(
        500,
      );
      expect(await storedDoc(t, 'terms', created.id)).toMatchObject({ template: 'before', dbVersion: 0 });
    } finally {
      await t.built.db.query('ALTER TABLE outbox DROP CONSTRAINT refuse_boom2');
    }
  });

  it('writes an event for an update that changes nothing but the version', async () => {
    const created = await createItem(t, operator, TERMS);
    await t.request('PUT', `/terms/${created.id}`, operator, TERMS.body());
    const [, event] = await eventsOf(t, 'terms', created.id);
    expect(Object.keys(event!.what.delta).sort()).toEqual(['dbVersion', 'updateDate']);
  });
});
