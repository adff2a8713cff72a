import { Webhook } from 'standardwebhooks';
import type { OutboundTls } from '../../platform/outbound/guarded-connector.js';
import type { OutboundClient } from '../../platform/outbound/outbound-client.js';
import { OutboundError } from '../../platform/outbound/outbound-errors.js';
import { ATTEMPT_BODY_BYTES } from './notification-attempt.schema.js';
import { confidentialValues, keptBody, keptHeaders } from './webhook-answer.js';
import { fixedHeaders } from './webhook-headers.js';

/** Each try has this long in all, connection to last byte (docs/product-decisions.md §6). */
export const TRY_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer body is kept in `webHookResponse`. */
export const RESPONSE_BODY_KEPT = 2_000;

export interface WebhookRequest {
  url: string;
  /** The notification id: the Standard Webhooks message id, the same on every try. */
  messageId: string;
  body: string;
  /** The receiver's signing secret, and the one it replaced while that still signs (rotation's grace period). */
  signingSecrets: string[];
  sentAt: Date;
  fixedHeaders?: Record<string, string[]>;
  bearerToken?: string;
  /** The receiver's client certificate and CAs. */
  tls?: OutboundTls;
}

export interface WebhookAnswer {
  status: number;
  /** `HTTP <status>` and the start of the body, for `webHookResponse`. */
  summary: string;
  retryAfter?: string;
  /** The answer's headers and the first 4 KB of its body, as an attempt keeps them (webhook-answer.ts: nothing sent in confidence). */
  headers: Record<string, string>;
  body: string;
}

export interface WebhookSender {
  send(request: WebhookRequest): Promise<WebhookAnswer>;
}

/**
 * Standard Webhooks headers: `webhook-id`, `webhook-timestamp` (seconds), `webhook-signature` (`v1,<base64
 * HMAC-SHA256>`, one per secret, separated by spaces: a verifier accepts the message when any one matches its secret).
 */
export function signedHeaders(
  request: Pick<WebhookRequest, 'messageId' | 'body' | 'signingSecrets' | 'sentAt'>,
): Record<string, string> {
  const signatures = request.signingSecrets.map((secret) =>
    new Webhook(secret).sign(request.messageId, request.sentAt, request.body),
  );
  return {
    'webhook-id': request.messageId,
    'webhook-timestamp': String(Math.floor(request.sentAt.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

/** The first `maxBytes` of a body; the rest is not read (the connection is dropped instead). */
export async function readAtMost(body: AsyncIterable<Buffer>, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= maxBytes) break;
  }
  return Buffer.concat(chunks).subarray(0, maxBytes);
}

/** Every value a request carries in confidence: the bearer token, the signing secrets (with and without `whsec_`), the signatures, the fixed header values. */
function confidentialOf(request: WebhookRequest, headers: Record<string, string>): string[] {
  const signatures = headers['webhook-signature']?.split(' ') ?? [];
  return confidentialValues(
    [
      request.bearerToken,
      ...request.signingSecrets.flatMap((secret) => [secret, secret.replace(/^whsec_/, '')]),
      ...signatures.flatMap((signature) => [signature, signature.replace(/^v1,/, '')]),
    ],
    [
      ...Object.values(request.fixedHeaders ?? {}).flat(),
      ...Object.values(fixedHeaders(request.fixedHeaders, Boolean(request.bearerToken))),
    ],
  );
}

/** Web hooks through the outbound client (address rules of docs/product-decisions.md §6 on every connection), no redirects followed. */
export class HttpWebhookSender implements WebhookSender {
  constructor(
    private readonly client: (tls: OutboundTls | undefined) => OutboundClient,
    private readonly timeoutMs = TRY_TIMEOUT_MS,
  ) {}

  async send(request: WebhookRequest): Promise<WebhookAnswer> {
    const headers = {
      ...fixedHeaders(request.fixedHeaders, Boolean(request.bearerToken)),
      'content-type': 'application/json',
      'user-agent': 'commerce-platform-webhooks/1',
      ...(request.bearerToken ? { authorization: `Bearer ${request.bearerToken}` } : {}),
      ...signedHeaders(request),
    };
    const response = await this.client(request.tls).request(request.url, {
      method: 'POST',
      headers,
      body: request.body,
      signal: AbortSignal.timeout(this.timeoutMs),
      idleTimeoutMs: this.timeoutMs,
    });
    let read: Buffer;
    try {
      // Twice what is kept: a confidential value the receiver echoes across the cut is masked whole before the cut.
      read = await readAtMost(response.body, ATTEMPT_BODY_BYTES * 2);
    } catch (error) {
      throw error instanceof OutboundError
        ? error
        : new OutboundError('timeout', 'the answer body could not be read in time');
    }
    const confidential = confidentialOf(request, headers);
    const body = keptBody(read, confidential);
    const text = body.slice(0, RESPONSE_BODY_KEPT);
    const retryAfter = response.headers['retry-after'];
    return {
      status: response.status,
      summary: `HTTP ${response.status}${text ? ` ${text}` : ''}`,
      ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
      headers: keptHeaders(response.headers, confidential),
      body,
    };
  }
}
