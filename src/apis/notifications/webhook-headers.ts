import { validateHeaderName, validateHeaderValue } from 'node:http';

/**
 * Headers the platform sets on every web hook (or that control the connection, which undici refuses or handles
 * itself): a receiver's fixed `httpHeaders` cannot carry them. `authorization` is the receiver's own unless its OAuth2
 * configuration has a `tokenUrl` (then the platform sends the bearer token).
 */
export const PLATFORM_HEADERS: ReadonlySet<string> = new Set([
  'content-type',
  'content-length',
  'host',
  'user-agent',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
]);

/** Why fixed header `name` with `values` cannot be sent, or undefined; `oauth`: the platform sends `authorization`. */
export function headerProblem(name: string, values: readonly string[], oauth: boolean): string | undefined {
  try {
    validateHeaderName(name);
  } catch {
    return "is not a valid header name (letters, digits and !#$%&'*+-.^_`|~ only)";
  }
  const lower = name.toLowerCase();
  if (PLATFORM_HEADERS.has(lower)) return 'is set by the platform and cannot be a fixed header';
  if (lower === 'authorization' && oauth)
    return 'is set by the platform (the OAuth2 bearer token) when clientCredentialOauth2Config.tokenUrl is set';
  for (const [index, value] of values.entries()) {
    try {
      validateHeaderValue(lower, value);
    } catch {
      return `has value ${index} with a character a header cannot carry (line breaks, control characters, or above U+00FF)`;
    }
  }
  return undefined;
}

/**
 * The fixed headers as sent, lower-cased, values joined by `, `. Headers a write would refuse now (stored before they
 * were checked) are left out rather than failing every try.
 */
export function fixedHeaders(headers: Record<string, string[]> | undefined, oauth: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, values] of Object.entries(headers ?? {})) {
    if (headerProblem(name, values, oauth) === undefined) out[name.toLowerCase()] = values.join(', ');
  }
  return out;
}
