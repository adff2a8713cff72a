import { describe, expect, it } from 'vitest';
import { dispatchBatch } from '../../src/apis/notifications/dispatcher.js';
import { createProduct } from '../catalog/catalog-factories.js';
import { act, createSubscription } from '../subscriptions/subscription-factories.js';
import { useApp } from '../support/fixture.js';
import { dispatchAll, notificationsOf } from './notification-drivers.js';
import { createDefinition, createReceiver, type Json, publish, unique } from './notification-factories.js';

const { t, operator } = await useApp({ operator: true });

/** A definition on `paid`/`<subject>` with `filters`, and an ACTIVE receiver listing it. */
async function listening(filters: Json[], receiver: Json = {}, token = operator) {
  const subject = unique('order');
  const definition = await createDefinition(t, token, {
    eventMatcher: { fact: 'paid', subject, filters },
    mainIdJsonPath: `$.involved.order.id`,
  });
  const created = await createReceiver(t, token, { notificationDefinitionIds: [definition.id], ...receiver });
  return { subject, definition, receiver: created };
}

const paid = (subject: string, fields: Json = {}, customerId?: string) => ({
  fact: 'paid',
  subject,
  ...(customerId ? { customerId } : {}),
  what: {
    delta: { status: 'PAID', amount: 42, lines: [{ sku: 'A' }, { sku: 'B' }], express: true },
    previous: { status: 'OPEN' },
  },
  involved: { order: { id: unique('o'), ...fields } },
});

describe('dispatching events to notification records', () => {
  it('creates one PENDING record per matching definition and receiver, with the main object id and the event', async () => {
    const { subject, definition, receiver } = await listening([{ jsonPath: '$.what.delta.status', value: 'PAID' }]);
    const event = paid(subject);
    const eventId = await publish(t, operator, event);
    await dispatchAll(t);
    const [record, ...others] = await notificationsOf(t, operator, definition.id);
    expect(others).toEqual([]);
    expect(record).toMatchObject({
      status: 'PENDING',
      eventId,
      eventFact: 'paid',
      eventSubject: subject,
      eventMainObjectId: event.involved.order.id,
      notificationReceiverId: receiver.id,
      retryCount: 0,
      retryLeft: 7,
      errors: [],
      processedEvent: { id: eventId, what: event.what },
    });
    const { rows } = await t.built.db.query<{ processed_at: Date | null }>(
      'SELECT processed_at FROM outbox WHERE id = $1',
      [eventId],
    );
    expect(rows[0]!.processed_at).not.toBeNull();
  });

  it.each([
    ['a string value', '$.what.delta.status', 'PAID'],
    ['a number in its JSON form', '$.what.delta.amount', '42'],
    ['a boolean in its JSON form', '$.what.delta.express', 'true'],
    ['any of several selected values (wildcard)', '$.what.delta.lines[*].sku', 'B'],
    ['a filter selector', "$.what.delta.lines[?@.sku == 'A'].sku", 'A'],
    ['a descendant segment', '$..sku', 'A'],
  ])('matches on %s', async (_what, jsonPath, value) => {
    const { subject, definition } = await listening([{ jsonPath, value }]);
    await publish(t, operator, paid(subject));
    await dispatchAll(t);
    expect(await notificationsOf(t, operator, definition.id)).toHaveLength(1);
  });

  it.each([
    ['a different value', '$.what.delta.status', 'CANCELLED'],
    ['a path that selects nothing', '$.what.delta.nothing', 'PAID'],
    ['a number compared with other text', '$.what.delta.amount', '42.0'],
    ['a filter selector that selects nothing', "$.what.delta.lines[?@.sku == 'C'].sku", 'C'],
  ])('does not match on %s', async (_what, jsonPath, value) => {
    const { subject, definition } = await listening([{ jsonPath, value }]);
    await publish(t, operator, paid(subject));
    await dispatchAll(t);
    expect(await notificationsOf(t, operator, definition.id)).toEqual([]);
  });

  it('requires every filter to match, and the fact and subject', async () => {
    const { subject, definition } = await listening([
      { jsonPath: '$.what.delta.status', value: 'PAID' },
      { jsonPath: '$.what.previous.status', value: 'PAID' },
    ]);
    await publish(t, operator, paid(subject));
    await publish(t, operator, { ...paid(subject), fact: 'refunded' });
    await publish(t, operator, { ...paid(subject), subject: `${subject}-other` });
    await dispatchAll(t);
    expect(await notificationsOf(t, operator, definition.id)).toEqual([]);
  });

  it('skips INACTIVE receivers and receivers targeting other customers', async () => {
    const { subject, definition } = await listening([], { status: 'INACTIVE' });
    await createReceiver(t, operator, { notificationDefinitionIds: [definition.id], targetedCustomerIds: ['cust-a'] });
    const targeted = await createReceiver(t, operator, {
      notificationDefinitionIds: [definition.id],
      targetedCustomerIds: ['cust-b'],
    });
    await publish(t, operator, paid(subject, {}, 'cust-b'));
    await dispatchAll(t);
    const records = await notificationsOf(t, operator, definition.id);
    expect(records.map((record) => record.notificationReceiverId)).toEqual([targeted.id]);
  });

  it("gives a tenant's definition and receiver its own customer's events only, and the record to the receiver's owner", async () => {
    const tenant = await t.tenant();
    const { subject, definition, receiver } = await listening([], {}, tenant.token);
    await publish(t, operator, paid(subject, {}, 'someone-else'));
    const own = await publish(t, tenant.token, paid(subject));
    await dispatchAll(t);
    const records = await notificationsOf(t, tenant.token, definition.id);
    expect(records.map((record) => [record.eventId, record.customerId, record.notificationReceiverId])).toEqual([
      [own, tenant.customerId, receiver.id],
    ]);
    const other = await t.tenant();
    expect(await notificationsOf(t, other.token, definition.id)).toEqual([]);
  });

  it('never creates a record twice: concurrent dispatchers, and an event read again', async () => {
    const { subject, definition } = await listening([]);
    for (let i = 0; i < 5; i += 1) await publish(t, operator, paid(subject));
    const deps = { db: t.built.db, clock: t.built.clock, schedule: t.config.notificationRetrySchedule };
    await Promise.all([dispatchBatch(deps, 2), dispatchBatch(deps, 2), dispatchBatch(deps, 2)]);
    await dispatchAll(t);
    await t.built.db.query('UPDATE outbox SET processed_at = NULL WHERE subject = $1', [subject]);
    await dispatchAll(t);
    const records = await notificationsOf(t, operator, definition.id);
    expect(records).toHaveLength(5);
    expect(new Set(records.map((record) => record.eventId)).size).toBe(5);
  });

  it('lists records by status, receiver and main object id', async () => {
    const { subject, definition, receiver } = await listening([]);
    const event = paid(subject);
    await publish(t, operator, event);
    await dispatchAll(t);
    for (const query of [
      `status=PENDING&notificationDefinitionId=${definition.id}`,
      `notificationReceiverId=${receiver.id}`,
      `eventMainObjectId=${event.involved.order.id}`,
    ]) {
      const res = await t.request('GET', `/notifications?${query}`, operator);
      expect(res.status).toBe(200);
      expect((res.body as Json).items.map((item: Json) => item.notificationDefinitionId)).toEqual([definition.id]);
    }
    expect(
      (
        (await t.request('GET', `/notifications?status=FAILED&notificationDefinitionId=${definition.id}`, operator))
          .body as Json
      ).items,
    ).toEqual([]);
  });

  it('fires a definition on updated/product filtered on $.what.delta.status = DISABLED when a product is disabled', async () => {
    const definition = await createDefinition(t, operator);
    await createReceiver(t, operator, { notificationDefinitionIds: [definition.id] });
    const product = await createProduct(t, operator);
    const other = await createProduct(t, operator);
    await dispatchAll(t);
    expect(
      (await t.request('PUT', `/products/${product.id}`, operator, { ...product, status: 'DISABLED' })).status,
    ).toBe(200);
    expect(
      (await t.request('PUT', `/products/${other.id}`, operator, { ...other, genericName: 'renamed' })).status,
    ).toBe(200);
    await dispatchAll(t);
    const records = await notificationsOf(t, operator, definition.id);
    expect(records.map((record) => record.eventMainObjectId)).toEqual([product.id]);
  });

  it('fires a definition on cancelled/subscription filtered on $.what.delta.lifecycle.status = CANCELLED when a subscription is cancelled', async () => {
    const tenant = await t.tenant();
    const matcher = {
      fact: 'cancelled',
      subject: 'subscription',
      filters: [{ jsonPath: '$.what.delta.lifecycle.status', value: 'CANCELLED' }],
    };
    const definition = await createDefinition(t, tenant.token, {
      eventMatcher: matcher,
      mainIdJsonPath: '$.involved.subscription.id',
    });
    await createReceiver(t, tenant.token, { notificationDefinitionIds: [definition.id] });
    const cancelled = await createSubscription(t, tenant.token);
    const suspended = await createSubscription(t, tenant.token);
    await dispatchAll(t);
    expect((await act(t, tenant.token, cancelled.id, 'cancel')).status).toBe(200);
    expect((await act(t, tenant.token, suspended.id, 'suspend')).status).toBe(200);
    await dispatchAll(t);
    const records = await notificationsOf(t, tenant.token, definition.id);
    expect(records.map((record) => record.eventMainObjectId)).toEqual([cancelled.id]);
  });

  it('creates every record of a batch whose records are inserted in several statements (120 records from 60 events)', async () => {
    const { subject, definition } = await listening([]);
    await createReceiver(t, operator, { notificationDefinitionIds: [definition.id] });
    const eventIds: string[] = [];
    for (let i = 0; i < 60; i += 1) eventIds.push(await publish(t, operator, paid(subject)));
    const dispatched = await dispatchAll(t);
    expect(dispatched.notifications).toBeGreaterThanOrEqual(120);
    const records = await notificationsOf(t, operator, definition.id);
    expect(records).toHaveLength(120);
    expect(new Set(records.map((record) => `${record.eventId}/${record.notificationReceiverId}`)).size).toBe(120);
    expect(new Set(records.map((record) => record.eventId))).toEqual(new Set(eventIds));
  });
});

describe('GET /metrics', () => {
  it('reports the outbox backlog and the age of its oldest event, read when scraped', async () => {
    await dispatchAll(t);
    const empty = await t.inject({ method: 'GET', url: '/metrics' });
    expect(empty.body).toMatch(/^notification_outbox_backlog 0$/m);
    await publish(t, operator, { fact: 'paid', subject: unique('order') });
    await publish(t, operator, { fact: 'paid', subject: unique('order') });
    const waiting = await t.inject({ method: 'GET', url: '/metrics' });
    expect(waiting.body).toMatch(/^notification_outbox_backlog 2$/m);
    expect(waiting.body).toMatch(/^notification_outbox_oldest_age_seconds \d/m);
    await dispatchAll(t);
  });
});
