import { afterEach, describe, expect, it } from 'vitest';
import { DELIVERIES_PER_TENANT } from '../../src/apis/notifications/delivery-worker.js';
import { DISPATCH_PER_TENANT, dispatchBatch } from '../../src/apis/notifications/dispatcher.js';
import { useApp } from '../support/fixture.js';
import { sleep, until } from '../support/wait.js';
import { dispatchAll, notificationsOf, workerFor } from './notification-drivers.js';
import { createDefinition, createReceiver, publish, unique } from './notification-factories.js';
import { WebhookReceiver } from './webhook-receiver.js';

/**
 * Notification work is shared fairly between tenants (docs/security.md, "Fair shares"): a tenant's flood of events
 * or a receiver that never answers holds that tenant's share, never another tenant's turn.
 */
const { t } = await useApp({ env: { OUTBOUND_ALLOWLIST: '127.0.0.1' } });
const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  for (const receiver of receivers.splice(0)) {
    receiver.releaseHeld();
    await receiver.close();
  }
});

/** A tenant listening to its own `subject` events at a receiver of its own. */
async function listeningTenant() {
  const tenant = await t.tenant();
  const hooks = await WebhookReceiver.start();
  receivers.push(hooks);
  const subject = unique('order');
  const definition = await createDefinition(t, tenant.token, {
    eventMatcher: { fact: 'paid', subject },
    mainIdJsonPath: '$.involved.order.id',
  });
  await createReceiver(t, tenant.token, { url: hooks.url, notificationDefinitionIds: [definition.id] });
  const publishOne = () =>
    publish(t, tenant.token, { fact: 'paid', subject, what: {}, involved: { order: { id: unique('o') } } });
  return { tenant, hooks, definition, publishOne };
}

describe('fair shares of notification work', () => {
  it("dispatches a tenant's event in the first round although another tenant's older events fill several", async () => {
    const flood = await listeningTenant();
    const quiet = await listeningTenant();
    for (let i = 0; i < 150; i += 1) await flood.publishOne();
    await quiet.publishOne();
    const round = await dispatchBatch({ db: t.built.db, clock: t.built.clock, schedule: [0] });
    expect(await notificationsOf(t, quiet.tenant.token, quiet.definition.id)).toHaveLength(1);
    // Its share of events: the oldest, its definition's and receiver's own creation among them.
    const dispatched = (await notificationsOf(t, flood.tenant.token, flood.definition.id)).length;
    expect(dispatched).toBeGreaterThan(0);
    expect(dispatched).toBeLessThanOrEqual(DISPATCH_PER_TENANT);
    expect(round.events).toBeLessThan(150);
    await dispatchAll(t, [0]);
    expect(await notificationsOf(t, flood.tenant.token, flood.definition.id)).toHaveLength(150);
    // Delivered here, to receivers still listening: nothing of this test is left for the next one's worker (whose
    // receivers may be given the ports these had).
    const { worker, close } = workerFor(t);
    await worker.deliverDue();
    await close();
    expect(flood.hooks.received).toHaveLength(150);
  });

  it("delivers another tenant's notification while a tenant's receiver holds every try, and holds only its own share", async () => {
    const stuck = await listeningTenant();
    const quiet = await listeningTenant();
    stuck.hooks.fallback = { status: 200, held: true };
    for (let i = 0; i < 60; i += 1) await stuck.publishOne();
    await quiet.publishOne();
    await dispatchAll(t, [0]);
    // Tries that outlast the test: a held try never ends by its own timeout while the quiet tenant's hook is awaited.
    const { worker, close } = workerFor(t, {}, { timeoutMs: 60_000 });
    const stop = new AbortController();
    const draining = worker.drain(stop.signal, 10);
    try {
      await until("the quiet tenant's web hook arrives", () => quiet.hooks.received.length === 1, 40_000);
      await until('the stuck tenant has its share in flight', () => stuck.hooks.holding === DELIVERIES_PER_TENANT);
      await sleep(200);
      expect(stuck.hooks.received, 'no more than its share of tries in flight').toHaveLength(DELIVERIES_PER_TENANT);
      stuck.hooks.fallback = { status: 200 };
      stuck.hooks.releaseHeld();
      const delivered = async () =>
        (await notificationsOf(t, stuck.tenant.token, stuck.definition.id)).filter(
          (record) => record.status === 'SUCCESS',
        ).length;
      await until('the held tries are recorded delivered', async () => (await delivered()) >= DELIVERIES_PER_TENANT);
    } finally {
      stuck.hooks.releaseHeld();
      stop.abort();
      await draining;
      await close();
    }
  }, 120_000);
});
