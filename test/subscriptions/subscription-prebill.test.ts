import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { useApp } from '../support/fixture.js';
import { eventsOf } from '../support/outbox-events.js';
import {
  act,
  createSubscription,
  expectError,
  type Json,
  productIds,
  tokenFor,
  utc,
} from './subscription-factories.js';

const clock = new ManualClock('2026-01-31T12:00:00Z');
const { t, tenant } = await useApp({ clock, tenant: true });
const token = tokenFor(t, tenant);

async function ordersOf(subscriptionId: string): Promise<Json[]> {
  const { rows } = await t.built.db.query<{ doc: Json }>(
    `SELECT doc FROM orders WHERE doc ->> 'subscriptionId' = $1 ORDER BY id`,
    [subscriptionId],
  );
  return rows.map((row) => row.doc);
}

describe('POST /subscriptions/{subscriptionId}/prebill', () => {
  it('creates the order of the next term and answers {id, lineItems}; prebilled on the subscription, created on the order', async () => {
    clock.set('2026-01-31T12:00:00Z');
    const [p1, p2] = await productIds(t, await token(), 2);
    const sub = await createSubscription(t, await token(), { enduserId: 'eu-7', products: [{ id: p1 }, { id: p2 }] });
    clock.set('2026-02-20T00:00:00Z');
    const res = await act(t, await token(), sub.id, 'prebill');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      lineItems: [
        { id: expect.any(String), productId: p1, subscriptionId: sub.id },
        { id: expect.any(String), productId: p2, subscriptionId: sub.id },
      ],
    });
    const order = (await t.request<Json>('GET', `/orders/${res.body.id}`, await token())).body;
    expect(order).toMatchObject({
      subscriptionId: sub.id,
      customerId: sub.customerId,
      enduserId: 'eu-7',
      termStart: '2026-02-28T12:00:00.000Z',
      termEnd: '2026-03-28T12:00:00.000Z',
      lineItems: res.body.lineItems.map((item: Json) => ({ ...item, quantity: 1 })),
    });
    const after = (await t.request<Json>('GET', `/subscriptions/${sub.id}`, await token())).body;
    expect(after.lifecycle).toMatchObject({
      status: 'ACTIVE',
      prebillingDate: utc('2026-02-20T00:00:00Z'),
      estimatedExpirationDate: utc('2026-03-28T12:00:00Z'),
      nextBillingDate: sub.lifecycle.nextBillingDate,
    });
    expect(after.dbVersion).toBe(1);
    expect((await eventsOf(t, 'subscription', sub.id)).map((e) => e.fact)).toEqual(['created', 'prebilled']);
    const orderEvents = await eventsOf(t, 'order', res.body.id);
    expect(orderEvents.map((e) => [e.fact, e.customerId])).toEqual([['created', sub.customerId]]);
  });

  it('answers the same order to a second call in the same term, writing nothing', async () => {
    const sub = await createSubscription(t, await token());
    const first = await act(t, await token(), sub.id, 'prebill');
    const second = await act(t, await token(), sub.id, 'prebill');
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await ordersOf(sub.id)).toHaveLength(1);
    expect((await eventsOf(t, 'subscription', sub.id)).map((e) => e.fact)).toEqual(['created', 'prebilled']);
  });

  it('bills nextProducts when the subscription has them', async () => {
    const [now, next1, next2] = await productIds(t, await token(), 3);
    const sub = await createSubscription(t, await token(), {
      products: [{ id: now }],
      nextProducts: [{ id: next1 }, { id: next2 }],
    });
    const res = await act(t, await token(), sub.id, 'prebill');
    expect(res.body.lineItems.map((item: Json) => item.productId)).toEqual([next1, next2]);
  });

  it('answers 400 for a subscription without products, writing nothing', async () => {
    const sub = await createSubscription(t, await token(), { products: [] });
    expectError(await act(t, await token(), sub.id, 'prebill'), 400, 'has no products to pre-bill');
    expect(await ordersOf(sub.id)).toEqual([]);
  });

  it('creates one order under 10 concurrent calls, all answering it', async () => {
    const sub = await createSubscription(t, await token());
    const bearer = await token();
    const answers = await Promise.all(Array.from({ length: 10 }, () => act(t, bearer, sub.id, 'prebill')));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await ordersOf(sub.id)).toHaveLength(1);
    expect((await eventsOf(t, 'subscription', sub.id)).filter((e) => e.fact === 'prebilled')).toHaveLength(1);
  });
});

describe('10 concurrent cancels of one subscription', () => {
  it('answer exactly one 200; the others 400 naming CANCELLED; one cancelled event; dbVersion 1', async () => {
    const sub = await createSubscription(t, await token());
    const bearer = await token();
    const answers = await Promise.all(Array.from({ length: 10 }, () => act(t, bearer, sub.id, 'cancel')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200))
      expectError(refused, 400, `subscription ${sub.id} is CANCELLED`);
    const after = (await t.request<Json>('GET', `/subscriptions/${sub.id}`, bearer)).body;
    expect(after).toMatchObject({ dbVersion: 1, lifecycle: { status: 'CANCELLED' } });
    expect((await eventsOf(t, 'subscription', sub.id)).map((e) => e.fact)).toEqual(['created', 'cancelled']);
  });
});
