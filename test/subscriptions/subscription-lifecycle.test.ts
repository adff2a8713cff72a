import { describe, expect, it } from 'vitest';
import {
  LIFECYCLE_ACTIONS,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from '../../src/apis/subscriptions/subscription.lifecycle.js';
import { expireDueSubscriptions } from '../../src/apis/subscriptions/subscription-expiry.js';
import { ManualClock } from '../../src/platform/clock.js';
import { useApp } from '../support/fixture.js';
import { eventsOf } from '../support/outbox-events.js';
import {
  act,
  createModel,
  createSubscription,
  expectError,
  type Json,
  productIds,
  tokenFor,
} from './subscription-factories.js';

const DAY = 86_400_000;
const clock = new ManualClock('2026-03-01T00:00:00Z');
// The tests run the expiry themselves; the scheduled run must not move subscriptions under them.
const { t, tenant } = await useApp({ env: { SUBSCRIPTION_EXPIRY_INTERVAL: '86400' }, clock, tenant: true });
const token = tokenFor(t, tenant);

/**
 * docs/product-decisions.md §7 written out by hand (not read from the declared machine, so the test checks it): the status each
 * action leads to from each status, or undefined when refused. CANCELLED is reactivated only before expirationDate.
 */
const EXPECTED: Record<string, Record<SubscriptionStatus, SubscriptionStatus | undefined>> = {
  cancel: { TRIAL: 'CANCELLED', ACTIVE: 'CANCELLED', SUSPENDED: 'CANCELLED', CANCELLED: undefined, EXPIRED: undefined },
  suspend: { TRIAL: 'SUSPENDED', ACTIVE: 'SUSPENDED', SUSPENDED: undefined, CANCELLED: undefined, EXPIRED: undefined },
  reactivate: { TRIAL: undefined, ACTIVE: undefined, SUSPENDED: 'ACTIVE', CANCELLED: 'ACTIVE', EXPIRED: undefined },
  upgrade: { TRIAL: 'ACTIVE', ACTIVE: 'ACTIVE', SUSPENDED: undefined, CANCELLED: undefined, EXPIRED: undefined },
  prebill: { TRIAL: undefined, ACTIVE: 'ACTIVE', SUSPENDED: undefined, CANCELLED: undefined, EXPIRED: undefined },
};

const FACTS: Record<string, string> = {
  cancel: 'cancelled',
  suspend: 'suspended',
  reactivate: 'reactivated',
  upgrade: 'upgraded',
  prebill: 'prebilled',
};

/** A fresh subscription in `status`, reached through the API (and the expiry job for EXPIRED). */
async function subscriptionIn(status: SubscriptionStatus): Promise<Json> {
  const trial =
    status === 'TRIAL'
      ? { modelId: (await createModel(t, await token(), { durationUntilTrialEnd: 7 })).id, model: undefined }
      : {};
  const term = status === 'EXPIRED' ? { model: { term: { unit: 'DAY', value: '1' } } } : {};
  const sub = await createSubscription(t, await token(), { ...trial, ...term });
  if (status === 'SUSPENDED') expect((await act(t, await token(), sub.id, 'suspend')).status).toBe(200);
  if (status === 'CANCELLED') expect((await act(t, await token(), sub.id, 'cancel')).status).toBe(200);
  if (status === 'EXPIRED') {
    clock.advance(2 * DAY);
    await expireDueSubscriptions(t.built.db, t.built.services);
  }
  const read = await t.request<Json>('GET', `/subscriptions/${sub.id}`, await token());
  expect(read.body.lifecycle.status).toBe(status);
  return read.body;
}

/** The body an action brings: an upgrade moves to a new product of the tenant. */
const bodyOf = async (action: string) =>
  action === 'upgrade' ? { products: (await productIds(t, await token(), 1)).map((id) => ({ id })) } : undefined;

const pairs = Object.entries(EXPECTED).flatMap(([action, row]) =>
  SUBSCRIPTION_STATUSES.map((status) => [action, status, row[status]] as const),
);

describe('the life cycle of docs/product-decisions.md §7, every (status, action) pair over HTTP', () => {
  it('the declared machine routes exactly the actions the table covers', () => {
    expect(
      LIFECYCLE_ACTIONS.filter((action) => action.route !== false)
        .map((action) => action.name)
        .sort(),
    ).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(pairs)('%s from %s -> %s', async (action, status, to) => {
    const sub = await subscriptionIn(status);
    const before = await eventsOf(t, 'subscription', sub.id);
    const res = await act(t, await token(), sub.id, action, await bodyOf(action));
    const after = await t.request<Json>('GET', `/subscriptions/${sub.id}`, await token());
    const events = (await eventsOf(t, 'subscription', sub.id)).slice(before.length);
    if (to === undefined) {
      expectError(res, 400, `subscription ${sub.id} is ${status}`);
      expect(res.body.message).toContain(`${action} is allowed from`);
      expect(after.body).toEqual(sub);
      expect(events).toEqual([]);
      return;
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(after.body.lifecycle.status).toBe(to);
    expect(after.body.dbVersion).toBe(sub.dbVersion + 1);
    expect(events.map((event) => event.fact)).toEqual(action === 'prebill' ? ['prebilled'] : [FACTS[action]]);
    expect(events[0]!.involved.subscription.lifecycle.status).toBe(to);
    if (action !== 'prebill') {
      expect(res.body).toEqual(after.body);
      expect(res.headers.etag).toBe(`"${after.body.dbVersion}"`);
    }
    if (status !== to)
      expect(events[0]!.what).toMatchObject({
        delta: { lifecycle: { status: to } },
        previous: { lifecycle: { status } },
      });
  });
});

describe('guards and conditions', () => {
  it('refuses to reactivate a CANCELLED subscription once its expirationDate has passed (before expiry ran), naming the guard', async () => {
    const sub = await createSubscription(t, await token(), { model: { term: { unit: 'DAY', value: '1' } } });
    await act(t, await token(), sub.id, 'cancel');
    clock.advance(2 * DAY);
    const res = await act(t, await token(), sub.id, 'reactivate');
    expectError(res, 400, `subscription ${sub.id} is CANCELLED and not before expirationDate`);
    expect((await t.request<Json>('GET', `/subscriptions/${sub.id}`, await token())).body.lifecycle.status).toBe(
      'CANCELLED',
    );
  });

  it('answers 412 for an action with a stale If-Match, changing nothing', async () => {
    const sub = await createSubscription(t, await token());
    expectError(await act(t, await token(), sub.id, 'cancel', undefined, { 'if-match': '"7"' }), 412);
    expect((await act(t, await token(), sub.id, 'cancel', undefined, { 'if-match': '"0"' })).status).toBe(200);
  });

  it('answers 404 for an unknown subscription', async () => {
    expectError(await act(t, await token(), 'unknown-id', 'cancel'), 404, 'subscription unknown-id was not found');
  });
});
