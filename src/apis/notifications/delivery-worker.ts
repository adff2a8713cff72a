import type { FastifyBaseLogger } from 'fastify';
import { SYSTEM_PRINCIPAL } from '../../platform/auth/principal.js';
import type { Clock } from '../../platform/clock.js';
import { DecryptionError } from '../../platform/crypto/data-encryption.js';
import type { Database } from '../../platform/db/database.js';
import type { PlatformEvent } from '../../platform/events/outbox.js';
import { FairTurn } from '../../platform/jobs/fair-claim.js';
import { drainFairly, type FairClaim } from '../../platform/jobs/fair-drain.js';
import { OutboundError } from '../../platform/outbound/outbound-errors.js';
import type { Doc, RecordStores } from '../../platform/resource/declare.js';
import { docsById, type OwnedDoc } from './dispatch.repository.js';
import { EmailTemplateError, type EmailTemplateSource } from './email-templates.js';
import { type MailBody, mailBodyOf } from './mail-body.js';
import type { MailSender } from './mail-sender.js';
import { type ClaimedNotification, claimDue, recordTries } from './notification.repository.js';
import type { AttemptFacts } from './notification-attempt.schema.js';
import type { NotificationDefinition } from './notification-definition.schema.js';
import type { NotificationMetrics } from './notification-metrics.js';
import { notificationReceiverKind } from './notification-receiver.kind.js';
import type { NotificationReceiver } from './notification-receiver.schema.js';
import { type OAuthConfig, TokenError } from './oauth-tokens.js';
import { renderPayload } from './payload-rendering.js';
import { tlsOf } from './receiver-clients.js';
import { TryRecorder } from './try-recorder.js';
import { shownUrl } from './webhook-answer.js';
import type { RenderedPayload, WebhookMessage } from './webhook-message.schema.js';
import type { WebhookSender } from './webhook-sender.js';

/** At most this many errors are kept on a record (the latest ones). */
const ERRORS_KEPT = 100;
/** Records of one tenant tried at once by a worker (docs/security.md, "Fair shares"). */
export const DELIVERIES_PER_TENANT = 5;
/** Tenants whose records a worker tries at once. */
const FAIR_TENANTS = 10;
/** Tenants a claim looks at, in turn, for due records. */
const TENANTS_WALKED = 100;

export interface DeliveryWorkerDeps {
  db: Database;
  clock: Clock;
  services: RecordStores;
  webhooks: WebhookSender;
  mail: MailSender;
  /** Named e-mail templates of receivers with `useEmailTemplate`. */
  templates: EmailTemplateSource;
  /** OAuth2 client-credentials tokens of receivers that configure a `tokenUrl`. */
  tokens: TokenSource;
  /** Delays of the tries, seconds. */
  schedule: number[];
  workerId: string;
  /** How long a claim holds: longer than a try can take (its timeout, and a token call's). */
  leaseMs: number;
  batchSize: number;
  metrics?: NotificationMetrics;
  log?: FastifyBaseLogger;
}

export interface TokenSource {
  token(config: OAuthConfig): Promise<string>;
  forget(config: OAuthConfig): void;
}

/** How one try ended. */
interface TryResult {
  success: boolean;
  final: boolean;
  error?: string;
  retryAfterSeconds?: number;
  fields: Doc;
  outcome: 'success' | 'failure' | 'gone' | 'undeliverable';
  /** Where the try went and what the receiver answered, for its attempt. */
  attempt?: AttemptFacts;
}

/** `Retry-After`: delay-seconds or an HTTP date, in seconds from `now`; undefined when unreadable. */
export function retryAfterSeconds(value: string | undefined, now: Date): number | undefined {
  if (value === undefined) return undefined;
  if (/^\s*\d{1,10}\s*$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now.getTime()) / 1000);
}

const undeliverable = (error: string): TryResult => ({
  success: false,
  final: true,
  error,
  fields: {},
  outcome: 'undeliverable',
});

/**
 * Claims due notification records with a lease and delivers each once per claim (docs/product-decisions.md §6). A worker that dies
 * mid-delivery leaves leases that run out, and another worker takes the records again: delivery is at least once.
 */
/** The secrets a delivery at `now` is signed with: the receiver's, and the one it replaced while its grace lasts. */
export function signingSecretsOf(doc: NotificationReceiver, now: Date): string[] {
  const previous = doc.previousSigningSecret;
  const expires = doc.previousSigningSecretExpiresAt;
  const stillSigns = previous !== undefined && expires !== undefined && Date.parse(expires) > now.getTime();
  return [String(doc.signingSecret), ...(stillSigns ? [previous] : [])];
}

export class DeliveryWorker {
  private readonly tries: TryRecorder;
  private readonly turn = new FairTurn(TENANTS_WALKED);

  constructor(private readonly deps: DeliveryWorkerDeps) {
    this.tries = new TryRecorder((outcomes) => recordTries(deps.db, deps.workerId, deps.schedule, outcomes));
  }

  /**
   * Delivers what is due now, in rounds that each claim a share of every tenant in turn (FairTurn), until a round
   * finds nothing; answers how many records were tried. The job drains instead (`drain`), keeping a slow tenant's
   * group beside the others'; tests and tools wait for this.
   */
  async deliverDue(): Promise<number> {
    let tried = 0;
    for (;;) {
      const { items: claimed, wrapped } = await this.claim([], FAIR_TENANTS);
      await this.deliverAll(claimed);
      tried += claimed.length;
      if (claimed.length === 0 && wrapped) return tried;
    }
  }

  /**
   * Delivers until nothing is due, each tenant's claimed records as one group beside the other tenants' (drainFairly):
   * a receiver that times out holds its own tenant's group, never another tenant's deliveries.
   */
  drain(signal: AbortSignal, pollMs: number): Promise<number> {
    return drainFairly<ClaimedNotification>(
      {
        claim: (busy, room) => this.claim(busy, room),
        ownerOf: (record) => record.customer_id,
        run: (records) => this.deliverAll(records),
      },
      { concurrency: FAIR_TENANTS, pollMs, signal },
    );
  }

  private async claim(busy: readonly string[], room: number): Promise<FairClaim<ClaimedNotification>> {
    const { db, clock, workerId, leaseMs, batchSize } = this.deps;
    const now = clock.now();
    const { claimed, walkedTo, walked } = await claimDue(db, {
      workerId,
      now,
      leaseUntil: new Date(now.getTime() + leaseMs),
      after: this.turn.start,
      tenants: this.turn.tenants,
      perTenant: DELIVERIES_PER_TENANT,
      busy,
      limit: Math.min(batchSize, room * DELIVERIES_PER_TENANT),
    });
    this.turn.walked(walkedTo, walked);
    return { items: claimed, wrapped: this.turn.start === '' };
  }

  private async deliverAll(claimed: ClaimedNotification[]): Promise<void> {
    if (claimed.length === 0) return;
    const { db } = this.deps;
    const [definitions, receivers] = await Promise.all([
      docsById(
        db,
        'notification_definitions',
        claimed.map((record) => record.definition_id),
      ),
      docsById(
        db,
        'notification_receivers',
        claimed.map((record) => record.receiver_id),
      ),
    ]);
    await Promise.all(
      claimed.map((record) =>
        this.deliver(record, definitions.get(record.definition_id), receivers.get(record.receiver_id)),
      ),
    );
  }

  private async deliver(
    record: ClaimedNotification,
    definition: OwnedDoc | undefined,
    receiver: OwnedDoc | undefined,
  ): Promise<void> {
    const started = performance.now();
    const startedAt = this.deps.clock.now();
    const result = await this.attempt(record, definition, receiver).catch((error: unknown): TryResult => {
      this.deps.log?.error({ err: error, notificationId: record.id }, 'notification try failed unexpectedly');
      return {
        success: false,
        final: false,
        error: 'the delivery failed on the platform side',
        fields: {},
        outcome: 'failure',
      };
    });
    const now = this.deps.clock.now();
    const errors = (record.doc.errors as Doc[] | undefined) ?? [];
    const fields = {
      ...result.fields,
      ...(result.error
        ? {
            errors: [
              ...errors,
              { error: result.error.slice(0, 4000), timestamp: Math.floor(now.getTime() / 1000) },
            ].slice(-ERRORS_KEPT),
          }
        : {}),
    };
    const status = await this.tries.record({
      id: record.id,
      now,
      success: result.success,
      final: result.final,
      retryAfterSeconds: result.retryAfterSeconds ?? null,
      fields,
      attempt: {
        at: startedAt.toISOString(),
        durationMs: Math.round(performance.now() - started),
        ...result.attempt,
        ...(result.error ? { error: result.error.slice(0, 4000) } : {}),
      },
    });
    this.deps.metrics?.observeTry(result.outcome, (performance.now() - started) / 1000, status);
    if (status === undefined)
      this.deps.log?.warn(
        { notificationId: record.id },
        'lease lost during a try; another worker owns the notification now',
      );
  }

  private async attempt(
    record: ClaimedNotification,
    definition: OwnedDoc | undefined,
    receiver: OwnedDoc | undefined,
  ): Promise<TryResult> {
    if (!definition) return undeliverable(`notification definition ${record.definition_id} does not exist`);
    if (!receiver) return undeliverable(`notification receiver ${record.receiver_id} does not exist`);
    let receiverDoc: NotificationReceiver;
    try {
      receiverDoc = this.deps.services.of(notificationReceiverKind).withSecretsOpened(receiver.doc);
    } catch (error) {
      // A key that changed is fixed by configuration, not by the receiver: the record keeps its tries meanwhile.
      if (!(error instanceof DecryptionError)) throw error;
      return {
        success: false,
        final: false,
        error: `the secrets of notification receiver ${receiver.id} could not be opened: ${error.message}`,
        fields: {},
        outcome: 'failure',
      };
    }
    if (receiverDoc.status !== 'ACTIVE')
      return undeliverable(`notification receiver ${receiver.id} is ${receiverDoc.status}`);
    const emails = Array.isArray(receiverDoc.emails) ? receiverDoc.emails : [];
    if (!receiverDoc.url && emails.length === 0)
      return undeliverable(`notification receiver ${receiver.id} has no url and no emails to deliver to`);
    const event = record.doc.processedEvent as PlatformEvent;
    let body = typeof record.doc.webHookPayload === 'string' ? record.doc.webHookPayload : undefined;
    let payload: RenderedPayload;
    try {
      payload =
        body === undefined
          ? await renderPayload(definition.doc as NotificationDefinition, event, record.customer_id)
          : (JSON.parse(body) as WebhookMessage).payload;
    } catch (error) {
      return { success: false, final: false, error: (error as Error).message, fields: {}, outcome: 'failure' };
    }
    body ??= JSON.stringify({ notificationId: record.id, event, payload } satisfies WebhookMessage);
    // A channel that succeeded in an earlier try is not used again (the mail of a try whose web hook failed is sent once).
    const alreadyMailed = typeof record.doc.mailStorageId === 'string' || typeof record.doc.mailSubject === 'string';
    const mailed =
      emails.length === 0 || alreadyMailed ? undefined : await this.sendMail(record, receiver, emails, payload, event);
    if (!receiverDoc.url) return mailed ?? { success: true, final: false, fields: {}, outcome: 'success' };
    const hooked = await this.sendWebhook(record, receiver, receiverDoc, body);
    const attempt = { ...mailed?.attempt, ...hooked.attempt };
    if (!mailed || mailed.success) return { ...hooked, fields: { ...mailed?.fields, ...hooked.fields }, attempt };
    return {
      ...mailed,
      final: hooked.final,
      fields: { ...mailed.fields, ...hooked.fields },
      attempt,
      error: hooked.success ? mailed.error : `${mailed.error}; ${hooked.error}`,
    };
  }

  private async sendMail(
    record: ClaimedNotification,
    receiver: OwnedDoc,
    emails: string[],
    payload: RenderedPayload,
    event: PlatformEvent,
  ): Promise<TryResult> {
    const subject = payload.subject ?? payload.type ?? 'Notification';
    const attempt: AttemptFacts = { emails };
    let body: MailBody;
    try {
      body = await mailBodyOf(this.deps.templates, receiver, payload, event);
    } catch (error) {
      // Retried like a refused mail: a template uploaded or fixed later is picked up by the next try.
      if (error instanceof EmailTemplateError)
        return { success: false, final: false, error: error.message, fields: {}, outcome: 'failure', attempt };
      throw error;
    }
    try {
      const sent = await this.deps.mail.send(
        { notificationId: record.id, to: emails, subject, ...body.parts },
        receiver.customer_id,
      );
      if (sent.storageId === undefined)
        this.deps.log?.error(
          { err: sent.storageError, notificationId: record.id },
          'e-mail sent, but its copy could not be kept as an asset',
        );
      const stored = sent.storageId === undefined ? {} : { mailStorageId: sent.storageId };
      return {
        success: true,
        final: false,
        fields: { ...stored, mailSubject: subject, mailBody: body.kept },
        outcome: 'success',
        attempt,
      };
    } catch (error) {
      this.deps.log?.info({ err: error, notificationId: record.id }, 'e-mail not sent');
      return {
        success: false,
        final: false,
        error: `the e-mail could not be sent: ${(error as Error).message.split('\n')[0]!.slice(0, 300)}`,
        fields: {},
        outcome: 'failure',
        attempt,
      };
    }
  }

  /** The bearer token a receiver's OAuth2 configuration calls for, or undefined when it has none. */
  private async bearerFor(doc: NotificationReceiver): Promise<string | undefined> {
    const oauth = doc.httpClientConfiguration?.clientCredentialOauth2Config;
    return oauth?.tokenUrl ? this.deps.tokens.token(oauth) : undefined;
  }

  private async sendWebhook(
    record: ClaimedNotification,
    receiver: OwnedDoc,
    doc: NotificationReceiver,
    body: string,
  ): Promise<TryResult> {
    const fields: Doc = { webHookPayload: body };
    const attempt: AttemptFacts = { url: shownUrl(doc.url!) };
    try {
      const answer = await this.deps.webhooks.send({
        url: doc.url!,
        messageId: record.id,
        body,
        signingSecrets: signingSecretsOf(doc, this.deps.clock.now()),
        sentAt: this.deps.clock.now(),
        fixedHeaders: doc.httpClientConfiguration?.httpHeaders,
        bearerToken: await this.bearerFor(doc),
        tls: tlsOf(doc.httpClientConfiguration),
      });
      fields.webHookResponse = answer.summary;
      Object.assign(attempt, { statusCode: answer.status, responseHeaders: answer.headers, responseBody: answer.body });
      if (answer.status >= 200 && answer.status < 300)
        return { success: true, final: false, fields, outcome: 'success', attempt };
      if (answer.status === 410) {
        await this.deactivate(receiver.id);
        return {
          success: false,
          final: true,
          error: `the receiver answered 410 Gone: receiver ${receiver.id} set INACTIVE`,
          fields,
          outcome: 'gone',
          attempt,
        };
      }
      const oauth = doc.httpClientConfiguration?.clientCredentialOauth2Config;
      if (answer.status === 401 && oauth?.tokenUrl) this.deps.tokens.forget(oauth);
      const wait =
        answer.status === 429 || answer.status === 503
          ? retryAfterSeconds(answer.retryAfter, this.deps.clock.now())
          : undefined;
      return {
        success: false,
        final: false,
        error: `the receiver answered ${answer.status}`,
        fields,
        outcome: 'failure',
        attempt,
        ...(wait === undefined ? {} : { retryAfterSeconds: wait }),
      };
    } catch (error) {
      if (error instanceof TokenError)
        return { success: false, final: false, error: error.message, fields, outcome: 'failure', attempt };
      if (!(error instanceof OutboundError)) throw error;
      this.deps.log?.info({ notificationId: record.id, detail: error.detail }, 'web hook not delivered');
      return { success: false, final: false, error: error.message, fields, outcome: 'failure', attempt };
    }
  }

  /** Through the engine, so the receiver's change is versioned and has its event like any other. */
  private async deactivate(receiverId: string): Promise<void> {
    await this.deps.services
      .of(notificationReceiverKind)
      .act(SYSTEM_PRINCIPAL, receiverId, (doc) => ({ ...doc, status: 'INACTIVE' }));
  }
}
