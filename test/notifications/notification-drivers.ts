import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AssetService } from '../../src/apis/assets/asset.service.js';
import { FsAssetStore } from '../../src/apis/assets/fs-asset-store.js';
import { DeliveryWorker, type DeliveryWorkerDeps } from '../../src/apis/notifications/delivery-worker.js';
import { type DispatchResult, dispatchBatch } from '../../src/apis/notifications/dispatcher.js';
import { AssetEmailTemplates } from '../../src/apis/notifications/email-templates.js';
import { SmtpMailSender } from '../../src/apis/notifications/mail-sender.js';
import { OAuthTokens } from '../../src/apis/notifications/oauth-tokens.js';
import { ReceiverClients } from '../../src/apis/notifications/receiver-clients.js';
import { HttpWebhookSender } from '../../src/apis/notifications/webhook-sender.js';
import { OutboundAllowlist } from '../../src/platform/outbound/outbound-allowlist.js';
import type { TestApp } from '../support/test-app.js';
import type { Json } from './notification-factories.js';

/** Dispatches every pending event of the app's outbox, as the background loop would. */
export async function dispatchAll(t: TestApp, schedule = t.config.notificationRetrySchedule): Promise<DispatchResult> {
  const total: DispatchResult = { events: 0, notifications: 0, lags: [] };
  for (;;) {
    const round = await dispatchBatch({ db: t.built.db, clock: t.built.clock, schedule }, 100);
    total.events += round.events;
    total.notifications += round.notifications;
    if (round.events === 0) return total;
  }
}

/** A delivery worker of the app allowed to reach 127.0.0.1 (the tests' receivers). */
export interface WorkerOptions {
  allowlist?: string[];
  timeoutMs?: number;
  /** Unset: mails go to `<dataDir>/mail-spool`. */
  smtpUrl?: string;
  /** The worker's assets live in `<dataDir>/assets`: the app's DATA_DIR to read what the Asset API stored. */
  dataDir?: string;
}

export function workerFor(
  t: TestApp,
  overrides: Partial<DeliveryWorkerDeps> = {},
  options: WorkerOptions = {},
): { worker: DeliveryWorker; close: () => Promise<void>; dataDir: string } {
  const clients = new ReceiverClients(OutboundAllowlist.parse(options.allowlist ?? ['127.0.0.1']));
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'notif-worker-'));
  const store = new FsAssetStore(join(dataDir, 'assets'));
  const assets = new AssetService(t.built.db, store, 'http://localhost:8080', t.built.clock);
  const mail = new SmtpMailSender(
    {
      smtpUrl: options.smtpUrl,
      from: 'platform@example.com',
      spoolDir: join(dataDir, 'mail-spool'),
      stagingDir: join(dataDir, 'assets', '.staging'),
      messageIdHost: 'platform.example.com',
    },
    assets,
  );
  const worker = new DeliveryWorker({
    db: t.built.db,
    clock: t.built.clock,
    services: t.built.services,
    webhooks: new HttpWebhookSender((tls) => clients.client(tls), options.timeoutMs),
    mail,
    templates: new AssetEmailTemplates(t.built.db, assets),
    tokens: new OAuthTokens(t.built.clock, () => clients.client(undefined)),
    schedule: t.config.notificationRetrySchedule,
    workerId: 'test-worker',
    leaseMs: 60_000,
    batchSize: 50,
    ...overrides,
  });
  const close = async () => {
    await clients.close();
    mail.close();
    await store.close();
  };
  return { worker, close, dataDir };
}

/** The processing records of one definition, oldest first, as the operator lists them. */
/** Makes the record's next try due at once, as if its wait had passed (for files whose clock does not move). */
export async function makeDue(t: TestApp, id: string): Promise<void> {
  await t.built.db.query('UPDATE notifications SET next_try_at = create_date WHERE id = $1', [id]);
}

export async function notificationsOf(t: TestApp, token: string, definitionId: string): Promise<Json[]> {
  const res = await t.request(
    'GET',
    `/notifications?notificationDefinitionId=${definitionId}&size=500&sort=id,asc`,
    token,
  );
  if (res.status !== 200) throw new Error(`GET /notifications answered ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as Json).items;
}
