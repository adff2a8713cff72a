import { createPrivateKey, randomBytes, X509Certificate } from 'node:crypto';
import { ValidationError } from '../../platform/errors/domain-errors.js';
import { refusedDestination } from '../../platform/outbound/destination-check.js';
import type { OutboundAllowlist } from '../../platform/outbound/outbound-allowlist.js';
import type { WriteContext } from '../../platform/resource/declare.js';
import { EMAIL_MAX_LENGTH } from '../../platform/resource/declare.js';
import {
  MAX_EMAILS,
  type NotificationReceiver,
  type NotificationReceiverSchema,
} from './notification-receiver.schema.js';
import { headerProblem } from './webhook-headers.js';

/** A Standard Webhooks secret: `whsec_` and the base64 of 24 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** One address: something@domain, no spaces, commas or angle brackets (a display name is not an address). */
const EMAIL = /^[^\s@,<>]+@[^\s@,<>]+\.[^\s@,<>]+$/;

/** `emails` as a list: a comma-separated string is split, blanks dropped; each entry must be one address. */
function emailList(emails: NotificationReceiver['emails']): string[] | undefined {
  if (emails === undefined) return undefined;
  const list = (typeof emails === 'string' ? emails.split(',') : emails).map((entry) => entry.trim()).filter(Boolean);
  if (list.length > MAX_EMAILS) throw new ValidationError(`body.emails must hold at most ${MAX_EMAILS} addresses`);
  for (const address of list) {
    if (address.length > EMAIL_MAX_LENGTH || !EMAIL.test(address))
      throw new ValidationError(
        `body.emails holds ${JSON.stringify(address.slice(0, 80))}, which is not an e-mail address`,
      );
  }
  return list;
}

/** Web hooks and token calls go over http or https only. */
function checkUrl(url: string | undefined, field: string): URL | undefined {
  if (url === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ValidationError(`${field} must be an absolute http:// or https:// URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ValidationError(`${field} must be an absolute http:// or https:// URL`);
  if (parsed.username || parsed.password)
    throw new ValidationError(`${field} must not carry credentials (user:password@)`);
  return parsed;
}

/**
 * A destination the outbound rules refuse could never be reached: refused when written, naming the rule and the
 * setting that allows it, rather than discovered at the first delivery. Sending checks again, after resolution.
 */
async function checkReachable(url: URL | undefined, field: string, allowlist: OutboundAllowlist): Promise<void> {
  if (!url) return;
  const refusal = await refusedDestination(url, allowlist);
  if (refusal) {
    throw new ValidationError(
      `${field}: ${refusal.message}: web hooks and token calls may not reach loopback, private, link-local or metadata addresses unless the service's OUTBOUND_ALLOWLIST setting names the host or address`,
      // The rule is named for an address written in the URL; what a name resolves to is not told (internal DNS).
      {
        resourceType: 'notification-receiver',
        specific: {
          field,
          setting: 'OUTBOUND_ALLOWLIST',
          ...(refusal.message.includes(refusal.reason) ? { rule: refusal.reason } : {}),
        },
      },
    );
  }
}

/** PEM material is checked when stored, so a broken certificate is a 400 now rather than a failed try later. */
function checkPem(value: string | undefined, field: string, parse: (pem: string) => unknown, what: string): void {
  if (value === undefined) return;
  try {
    parse(value);
  } catch {
    throw new ValidationError(`${field} must be ${what} in PEM form`);
  }
}

/** Fixed headers are checked when stored: a header undici would refuse makes every try fail, one of ours is refused. */
function checkHeaders(headers: Record<string, string[]> | undefined, oauth: boolean, field: string): void {
  const seen = new Map<string, string>();
  for (const [name, values] of Object.entries(headers ?? {})) {
    const problem = headerProblem(name, values, oauth);
    if (problem) throw new ValidationError(`${field} header ${JSON.stringify(name.slice(0, 100))} ${problem}`);
    const earlier = seen.get(name.toLowerCase());
    if (earlier !== undefined)
      throw new ValidationError(
        `${field} names header ${JSON.stringify(name.slice(0, 100))} twice (also as ${JSON.stringify(earlier.slice(0, 100))}): header names ignore case`,
      );
    seen.set(name.toLowerCase(), name);
  }
}

function checkHttpClient(doc: NotificationReceiver): void {
  const configuration = doc.httpClientConfiguration;
  const prefix = 'body.httpClientConfiguration';
  checkUrl(configuration?.clientCredentialOauth2Config?.tokenUrl, `${prefix}.clientCredentialOauth2Config.tokenUrl`);
  checkHeaders(
    configuration?.httpHeaders,
    Boolean(configuration?.clientCredentialOauth2Config?.tokenUrl),
    `${prefix}.httpHeaders`,
  );
  const tls = configuration?.tlsConfiguration;
  checkPem(
    tls?.clientCertificates,
    `${prefix}.tlsConfiguration.clientCertificates`,
    (pem) => new X509Certificate(pem),
    'an X.509 certificate (chain)',
  );
  checkPem(
    tls?.serverCACertificates,
    `${prefix}.tlsConfiguration.serverCACertificates`,
    (pem) => new X509Certificate(pem),
    'X.509 CA certificates',
  );
  checkPem(tls?.privateKey, `${prefix}.tlsConfiguration.privateKey`, (pem) => createPrivateKey(pem), 'a private key');
  if (Boolean(tls?.clientCertificates) !== Boolean(tls?.privateKey)) {
    throw new ValidationError(`${prefix}.tlsConfiguration needs both clientCertificates and privateKey, or neither`);
  }
}

async function normalised(doc: NotificationReceiver, allowlist: OutboundAllowlist): Promise<NotificationReceiver> {
  const url = checkUrl(doc.url, 'body.url');
  if (doc.useEmailTemplate && !doc.emailTemplateName)
    throw new ValidationError(
      'body.emailTemplateName is required when useEmailTemplate is true: the file name of the template asset',
    );
  checkHttpClient(doc);
  const tokenField = 'body.httpClientConfiguration.clientCredentialOauth2Config.tokenUrl';
  await checkReachable(url, 'body.url', allowlist);
  await checkReachable(
    checkUrl(doc.httpClientConfiguration?.clientCredentialOauth2Config?.tokenUrl, tokenField),
    tokenField,
    allowlist,
  );
  const emails = emailList(doc.emails);
  return emails === undefined ? doc : { ...doc, emails };
}

/*
 * Receivers' rules, named by the declaration (notification-receiver.resource.ts), which hands them `allowlist`
 * (OUTBOUND_ALLOWLIST): a receiver's URLs must be reachable under the service's outbound rules.
 */

/** A new receiver is checked and normalised, and gets its signing secret, shown in the create answer only. */
export async function beforeNotificationReceiverCreate(
  allowlist: OutboundAllowlist,
  doc: NotificationReceiver,
  { revealOnce }: WriteContext<typeof NotificationReceiverSchema>,
): Promise<NotificationReceiver> {
  const signingSecret = newSigningSecret();
  if (revealOnce) revealOnce.signingSecret = signingSecret;
  return { ...(await normalised(doc, allowlist)), signingSecret };
}

/** A replaced receiver is checked and normalised as a new one is; its signing secret changes by rotation only. */
export function beforeNotificationReceiverUpdate(
  allowlist: OutboundAllowlist,
  doc: NotificationReceiver,
): Promise<NotificationReceiver> {
  return normalised(doc, allowlist);
}
