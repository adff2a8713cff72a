import type { EventDeclaration } from '../../platform/events/event-declarations.js';
import { TRY_TIMEOUT_MS } from './webhook-sender.js';

type Json = Record<string, unknown>;

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Standard Webhooks headers, as signedHeaders() sets them, and the bearer token of an OAuth2 receiver. */
const HEADERS: Json[] = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description:
      "The notification id (the body's `notificationId`), the same on every try: a message whose id you already processed is a duplicate.",
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description:
      'When this try was sent, in seconds since the epoch. Refuse messages far from your clock (Standard Webhooks verifiers allow 5 minutes).',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` under the receiver\'s signing secret (`whsec_<base64 key>`). During a rotation\'s grace period it carries two signatures separated by a space: accept the message when any one matches. Any Standard Webhooks library verifies it (`new Webhook(secret).verify(body, headers)`).',
    schema: { type: 'string' },
  },
  {
    name: 'authorization',
    in: 'header',
    required: false,
    description:
      "`Bearer <token>` from the receiver's `clientCredentialOauth2Config.tokenUrl`, when it has one (else its own fixed header, if any).",
    schema: { type: 'string' },
  },
];

const RESPONSES: Json = {
  '2XX': {
    description:
      'Received: the notification is `SUCCESS`. The body of the answer is kept (2,000 characters) in `webHookResponse`.',
  },
  '410': { description: 'Gone: the receiver is set `INACTIVE` and the notification ends `FAILED`; no further try.' },
  '429': {
    description:
      "The try failed; the next one waits at least `Retry-After` (seconds or an HTTP date), never longer than the retry schedule's longest delay.",
    headers: { 'Retry-After': { schema: { type: 'string' }, description: 'seconds, or an HTTP date' } },
  },
  default: {
    description: `Any other answer, a redirect (never followed), or none within ${TRY_TIMEOUT_MS / 1000} s: the try failed and the notification is retried by the schedule (\`RETRYING\`, then \`FAILED\`).`,
  },
};

const kebabToPascal = (text: string) =>
  text.replace(/(^|[-_.\s]+)(\w)/g, (_, _sep: string, letter: string) => letter.toUpperCase());

/** The message of one event: the envelope, with `fact` and `subject` fixed and the record typed by its schema. */
function messageSchema(subject: string, fact: string, record: string): Json {
  return {
    allOf: [
      schemaRef('WebhookMessage'),
      {
        type: 'object',
        properties: {
          event: {
            type: 'object',
            properties: {
              fact: { const: fact },
              subject: { const: subject },
              involved: { type: 'object', properties: { [subject]: schemaRef(record) }, required: [subject] },
            },
            required: ['fact', 'subject', 'involved'],
          },
        },
      },
    ],
  };
}

function webhook(name: string, summary: string, description: string, schema: Json): Json {
  return {
    post: {
      operationId: `${name}Webhook`,
      tags: ['Notification web hooks'],
      summary,
      description: `${description}\n\nSent as \`POST <receiver url>\` to each ACTIVE receiver of every ACTIVE definition whose \`eventMatcher\` matches, signed per Standard Webhooks; the body is rendered once and sent unchanged on every try.`,
      // The receiver authenticates the platform by the webhook-signature header (a parameter: no security scheme
      // expresses an HMAC over the body), so the operation itself asks for none.
      security: [],
      parameters: HEADERS,
      requestBody: { required: true, content: { 'application/json': { schema } } },
      responses: RESPONSES,
    },
  };
}

/**
 * The OpenAPI `webhooks` of the notification API: one per declared event (`terms.created`), each typing the record it
 * carries, and one for events published from outside (`POST /events`).
 */
export function webhooksOf(events: EventDeclaration[]): Record<string, Json> {
  const grouped = new Map<string, EventDeclaration[]>();
  for (const event of events) {
    const key = `${event.subject}.${event.fact}`;
    grouped.set(key, [...(grouped.get(key) ?? []), event]);
  }
  const webhooks: Record<string, Json> = {};
  for (const [key, [first, ...others]] of grouped) {
    const { subject, fact, record } = first!;
    const emitters = [first!, ...others].map((event) => event.emittedBy).join('; ');
    const name = kebabToPascal(`${subject}-${fact}`).replace(/^./, (letter) => letter.toLowerCase());
    webhooks[key] = webhook(
      name,
      `${subject} ${fact}`,
      `The \`${fact}\` event of subject \`${subject}\`, emitted by ${emitters}. \`event.involved.${subject}\` is the record after the change (a deletion: as it was), secrets masked.`,
      messageSchema(subject, fact, record),
    );
  }
  webhooks['outside-event'] = webhook(
    'outsideEvent',
    'an outside event',
    'An event another system published with `POST /events` (an order paid, a payment failed): `fact`, `subject`, `what` and `involved` are as it sent them.',
    schemaRef('WebhookMessage'),
  );
  return webhooks;
}
