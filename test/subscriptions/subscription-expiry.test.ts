import { describe, expect, it } from 'vitest';
import { claimExpiredSubscriptions } from '../../src/apis/subscriptions/subscription.repository.js';
import { expireDueSubscriptions } from '../../src/apis/subscriptions/subscription-expiry.js';
import { ManualClock } from '../../src/platform/clock.js';
import { useApp } from '../support/fixture.js';
import { eventsOf } from '../support/outbox-events.js';
import { startTestApp } from '../support/test-app.js';
import { act, createSubscription, type Json, tokenFor } from './subscription-factories.js';

const HOUR = 3_600_000;
const clock = new ManualClock('2026-06-01T00:00:00Z');
// The tests run the expiry themselves; the scheduled run must not move subscriptions under them.
const { t, tenant } = await useApp({ env: { SUBSCRIPTION_EXPIRY_INTERVAL: '86400' }, clock, tenant: true });
const token = tokenFor(t, tenant);

const expire = () => expireDueSubscriptions(t.built.db, t.built.services);
const statusOf = async (id: string) =>
  ((await t.request<Json>('GET', `/subscriptions/${id}`, await token())).body as Json).lifecycle.status;

describe('subscription expiry (scheduled job, moved clock)', () => {
  it('moves ACTIVE, SUSPENDED and CANCELLED subscriptions past expirationDate to EXPIRED with the expired event, and nothing before', async () => {
    const daily = { model: { term: { unit: 'DAY', value: '1' } } };
    const active = await createSubscription(t, await token(), daily);
    const suspended = await createSubscription(t, await token(), daily);
    const cancelled = await createSubscription(t, await token(), daily);
    const yearly = await createSubscription(t, await token(), { model: { term: { unit: 'YEAR', value: '1' } } });
    await act(t, await token(), suspended.id, 'suspend');
    await act(t, await token(), cancelled.id, 'cancel');
    clock.advance(23 * HOUR);
    await expire();
    expect(await statusOf(active.id)).toBe('ACTIVE');
    clock.advance(HOUR);
    await expire();
    for (const sub of [active, suspended, cancelled]) {
      expect(await statusOf(sub.id)).toBe('EXPIRED');
      const events = await eventsOf(t, 'subscription', sub.id);
      expect(events.at(-1)).toMatchObject({
        fact: 'expired',
        customerId: sub.customerId,
        what: { delta: { lifecycle: { status: 'EXPIRED' } } },
      });
    }
    expect(await statusOf(yearly.id)).toBe('ACTIVE');
  });

  it('is idempotent: a second run expires nothing and writes no event', async () => {
    const sub = await createSubscription(t, await token(), { model: { term: { unit: 'DAY', value: '1' } } });
    clock.advance(25 * HOUR);
    await expire();
    const events = await eventsOf(t, 'subscription', sub.id);
    expect(await expire()).toBe(0);
    expect(await eventsOf(t, 'subscription', sub.id)).toEqual(events);
    expect(events.filter((e) => e.fact === 'expired')).toHaveLength(1);
  });

  it('expires each subscription once when several instances run it at once', async () => {
    const subs = [];
    for (let i = 0; i < 5; i++)
      subs.push(await createSubscription(t, await token(), { model: { term: { unit: 'DAY', value: '1' } } }));
    clock.advance(25 * HOUR);
    const counts = await Promise.all([expire(), expire(), expire()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(subs.length);
    for (const sub of subs) {
      const events = await eventsOf(t, 'subscription', sub.id);
      expect(events.filter((e) => e.fact === 'expired')).toHaveLength(1);
      expect(await statusOf(sub.id)).toBe('EXPIRED');
    }
  });
});

describe('the scheduled expiry', () => {
  it('runs by itself every SUBSCRIPTION_EXPIRY_INTERVAL seconds', async () => {
    const own = new ManualClock('2026-06-01T00:00:00Z');
    const app = await startTestApp({ JOBS: 'on', SUBSCRIPTION_EXPIRY_INTERVAL: '1' }, { clock: own });
    try {
      const bearer = tokenFor(app, await app.tenant());
      const sub = await createSubscription(app, await bearer(), { model: { term: { unit: 'DAY', value: '1' } } });
      own.advance(25 * HOUR);
      const status = async () =>
        ((await app.request<Json>('GET', `/subscriptions/${sub.id}`, await bearer())).body as Json).lifecycle.status;
      await expect.poll(status, { timeout: 10_000, interval: 200 }).toBe('EXPIRED');
    } finally {
      await app.close();
    }
  });
});

describe('the expiry query', () => {
  it('is served by the subscriptions_expiry_idx partial index, not a scan of every subscription', async () => {
    const plan = await t.built.db.transaction(async (tx) => {
      // On a table this small the planner would scan it whatever the indexes: forbid the scan to see what serves it.
      await tx.query('SET LOCAL enable_seqscan = off');
      const query = { text: '', values: [] as unknown[] };
      const spy = {
        query: async (sql: string, params?: unknown[]) => {
          query.text = sql;
          query.values = params ?? [];
          return { rows: [], rowCount: 0 };
        },
      };
      await claimExpiredSubscriptions(spy, 'subscriptions', clock.now().getTime(), 100);
      const { rows } = await tx.query<Record<string, string>>(`EXPLAIN ${query.text}`, query.values);
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('subscriptions_expiry_idx');
  });
});
