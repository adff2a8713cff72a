import { MAP_KEY_MAX_LENGTH, MASK } from '../../platform/resource/declare.js';
import { ATTEMPT_BODY_BYTES, ATTEMPT_HEADER_VALUE_LENGTH, ATTEMPT_HEADERS } from './notification-attempt.schema.js';

/**
 * What an attempt keeps of a receiver's answer (DECISIONS §6: no secret, no signature). Answer headers that carry
 * credentials are left out whole; every value the platform sent in confidence (the bearer token, the signing secrets,
 * the signatures, fixed header values) is masked wherever the answer echoes it, body and headers alike.
 */
const LEFT_OUT_HEADERS: ReadonlySet<string> = new Set([
  'set-cookie',
  'set-cookie2',
  'cookie',
  'authorization',
  'proxy-authorization',
  'webhook-signature',
]);

/** Shorter fixed header values are not masked: they are words (`eu`, `orders`), not credentials, and masking them would garble the answer. */
const SHORTEST_MASKED_HEADER = 8;

/**
 * The values to mask, longest first (a value inside another is masked with it), each also as a JSON encoder escaping
 * `/` writes it: every `secrets` value (tokens, signing secrets, signatures), and fixed header values of 8 characters
 * or more.
 */
export function confidentialValues(
  secrets: readonly (string | undefined)[],
  headerValues: readonly string[],
): string[] {
  const all = new Set<string>();
  const add = (value: string) => {
    all.add(value);
    if (value.includes('/')) all.add(value.replaceAll('/', '\\/'));
  };
  for (const value of secrets) if (value) add(value);
  for (const value of headerValues) if (value.length >= SHORTEST_MASKED_HEADER) add(value);
  return [...all].sort((a, b) => b.length - a.length);
}

/** `text` with each confidential value masked, and NUL (which PostgreSQL cannot store) replaced. */
export function masked(text: string, confidential: readonly string[]): string {
  let out = text.replaceAll('\u0000', '\ufffd');
  for (const value of confidential) out = out.replaceAll(value, MASK);
  return out;
}

/** The first `maxBytes` of `text` in UTF-8, cut between characters. */
export function utf8Prefix(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  // A decoder in stream mode holds back the bytes of a character cut at the end instead of writing U+FFFD.
  return new TextDecoder().decode(bytes.subarray(0, maxBytes), { stream: true });
}

/** The answer body's first 4 KB, masked (the whole read part is masked first: a value cut at 4 KB is not half shown). */
export function keptBody(read: Buffer, confidential: readonly string[]): string {
  return utf8Prefix(masked(new TextDecoder().decode(read, { stream: true }), confidential), ATTEMPT_BODY_BYTES);
}

/** The answer headers an attempt keeps: lower-case names, values joined by `, `, masked and bounded. */
export function keptHeaders(
  headers: Record<string, string | string[] | undefined>,
  confidential: readonly string[],
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || LEFT_OUT_HEADERS.has(lower) || lower.length > MAP_KEY_MAX_LENGTH) continue;
    if (Object.keys(kept).length >= ATTEMPT_HEADERS) break;
    const joined = Array.isArray(value) ? value.join(', ') : value;
    kept[lower] = masked(joined, confidential).slice(0, ATTEMPT_HEADER_VALUE_LENGTH);
  }
  return kept;
}

/** The url as an attempt shows it: without the user and password it may carry. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}
