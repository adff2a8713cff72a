import { OutboundAllowlist } from '../../src/platform/outbound/outbound-allowlist.js';
import { OAuthTokens } from '../../src/apis/notifications/oauth-tokens.js';
import { ReceiverClients } from '../../src/apis/notifications/receiver-clients.js';
import { DeliveryWorker, type DeliveryWorkerDeps } from '../../src/apis/notifications/delivery-worker.js';
import { dispatchBatch, type DispatchResult } from '../../src/apis/notifications/dispatcher.js';
import { HttpWebhookSender } from '../../src/apis/notifications/webhook-sender.js';
import type { TestApp } from '../support/test-app.js';
import type { Json } from './notification-factories.js';

/** Dispatches every pending event of the app's outbox, as the background loop would. */
export async function dispatchAll(t: TestApp, schedule = t.config.notificationRetrySchedule): Promise<DispatchResult> {
  const total: DispatchResult = { events: 0, notifications: 0, lags: [] };
  for (;;) {
    const round = await dispatchBatch({ db: t.built.db, clock: t.built.clock, schedule }, 100);
    total.events += round.events;
    total.notifications += round.notifications;
    if (round.events < 100) return total;
  }
}

/** A delivery worker of the app allowed to reach 127.0.0.1 (the tests' receivers). */
export function workerFor(t: TestApp, overrides: Partial<DeliveryWorkerDeps> = {}, options: { allowlist?: string[]; timeoutMs?: number } = {}): { worker: DeliveryWorker; close: () => Promise<void> } {
  const clients = new ReceiverClients(OutboundAllowlist.parse(options.allowlist ?? ['127.0.0.1']));
  const worker = new DeliveryWorker({
    db: t.built.db,
    clock: t.built.clock,
    services: t.built.services,
    webhooks: new HttpWebhookSender((tls) => clients.client(tls), options.timeoutMs),
    tokens: new OAuthTokens(t.built.clock, () => clients.client(undefined)),
    schedule: t.config.notificationRetrySchedule,
    workerId: 'test-worker',
    leaseMs: 60_000,
    batchSize: 50,
    ...overrides,
  });
  return { worker, close: () => clients.close() };
}

/** The processing records of one definition, oldest first, as the operator lists them. */
export async function notificationsOf(t: TestApp, token: string, definitionId: string): Promise<Json[]> {
  const res = await t.request('GET', `/notifications?notificationDefinitionId=${definitionId}&size=500&sort=id,asc`, token);
  if (res.status !== 200) throw new Error(`GET /notifications answered ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as Json).items;
}
