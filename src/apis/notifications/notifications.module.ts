import { join } from 'node:path';
import type { Config } from '../../config.js';
import { PlatformEventSchema } from '../../platform/events/platform-event.schema.js';
import { OutboundAllowlist } from '../../platform/outbound/outbound-allowlist.js';
import type { ApiModule } from '../api-module.js';
import { AssetService } from '../assets/asset.service.js';
import { openAssetStore } from '../assets/assets.module.js';
import { DeliveryWorker } from './delivery-worker.js';
import { notificationsByStatus, outboxBacklog } from './dispatch.repository.js';
import { AssetEmailTemplates } from './email-templates.js';
import { SmtpMailSender, type SmtpMailSettings } from './mail-sender.js';
import { notificationResource } from './notification.resource.js';
import { OutsideEventSchema } from './notification-actions.js';
import { NotificationAttemptSchema } from './notification-attempt.schema.js';
import { notificationDefinitionResource } from './notification-definition.resource.js';
import { EventFilterSchema } from './notification-definition.schema.js';
import { newWorkerId, notificationJobs } from './notification-jobs.js';
import { NotificationMetrics } from './notification-metrics.js';
import { notificationReceiverKind } from './notification-receiver.kind.js';
import { notificationReceiverResource } from './notification-receiver.resource.js';
import { HttpClientConfigurationSchema } from './notification-receiver.schema.js';
import { OAuthTokens } from './oauth-tokens.js';
import { ReceiverClients } from './receiver-clients.js';
import { webhooksOf } from './webhook-document.js';
import { RenderedPayloadSchema, WebhookMessageSchema } from './webhook-message.schema.js';
import { HttpWebhookSender } from './webhook-sender.js';

/** Where mails go: SMTP_URL, or DATA_DIR/mail-spool; their stored copies are staged beside the asset files. */
function mailSettings(config: Config): SmtpMailSettings {
  return {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom ?? `notifications@${new URL(config.publicBaseUrl).hostname}`,
    spoolDir: join(config.dataDir, 'mail-spool'),
    stagingDir: join(config.dataDir, 'assets', '.staging'),
    messageIdHost: new URL(config.publicBaseUrl).hostname,
  };
}

/** Records claimed per delivery round, delivered concurrently. */
export const DELIVERY_BATCH = 50;

/**
 * The Notification API (docs/product-decisions.md §5, §6): definitions, receivers, processing records, outside events; and its
 * jobs: the dispatcher, the delivery worker and the outbox purge.
 */
export const notificationsModule: ApiModule = {
  name: 'notifications',
  kinds: [notificationDefinitionResource, notificationReceiverKind, notificationResource],
  async start({ db, config, clock, services, log }) {
    const metrics = new NotificationMetrics(
      () => outboxBacklog(db),
      () => notificationsByStatus(db),
      clock,
    );
    const assetStore = await openAssetStore(config);
    const assets = new AssetService(db, assetStore, config.publicBaseUrl, clock);
    const mail = new SmtpMailSender(mailSettings(config), assets);
    const allowlist = OutboundAllowlist.parse(config.outboundAllowlist);
    const clients = new ReceiverClients(allowlist);
    const schedule = config.notificationRetrySchedule;
    const worker = new DeliveryWorker({
      db,
      clock,
      services,
      webhooks: new HttpWebhookSender((tls) => clients.client(tls)),
      mail,
      templates: new AssetEmailTemplates(db, assets),
      tokens: new OAuthTokens(clock, () => clients.client(undefined)),
      schedule,
      workerId: newWorkerId(),
      leaseMs: config.notificationLeaseSeconds * 1000,
      batchSize: DELIVERY_BATCH,
      metrics,
      log,
    });
    return {
      resources: [
        notificationDefinitionResource,
        notificationReceiverResource({ allowlist, signingSecretGraceSeconds: config.signingSecretGraceSeconds }),
        notificationResource,
      ],
      schemas: [
        EventFilterSchema,
        HttpClientConfigurationSchema,
        NotificationAttemptSchema,
        OutsideEventSchema,
        PlatformEventSchema,
        RenderedPayloadSchema,
        WebhookMessageSchema,
      ],
      webhooks: () => webhooksOf(services.events()),
      jobs: notificationJobs({
        dispatcher: { db, clock, schedule, log },
        outboxRetentionDays: config.outboxRetentionDays,
        worker,
        metrics,
        pollMs: config.notificationPollMs,
      }),
      metrics: metrics.all,
      async stop() {
        await clients.close();
        mail.close();
        await assetStore.close();
      },
    };
  },
};
