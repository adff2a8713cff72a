import { ValidationError } from '../../platform/errors/domain-errors.js';

/** `Text/Plain; charset=UTF-8` -> `text/plain`. */
export function mediaTypeOf(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

export function isJsonType(contentType: string): boolean {
  const type = mediaTypeOf(contentType);
  return type === 'application/json' || type.endsWith('+json');
}

const TEXT_TYPES = [
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/javascript',
  'application/yaml',
];

function isTextType(contentType: string): boolean {
  const type = mediaTypeOf(contentType);
  return (
    type.startsWith('text/') || type.endsWith('+xml') || TEXT_TYPES.includes(type) || /;\s*charset=/i.test(contentType)
  );
}

/** A header value that can be sent back as it is (printable ASCII only), else a neutral binary type. */
export function safeContentType(contentType: string): string {
  return /^[\x20-\x7e]{1,255}$/.test(contentType) ? contentType : 'application/octet-stream';
}

/** Deeper JSON would overflow the stack when the answer is serialised (a 500); no document to sign needs more. */
export const MAX_JSON_DEPTH = 512;

/** Whether objects and arrays nest deeper than `max` levels; walks with an explicit stack, so any depth is safe. */
function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > max) return true;
    for (const item of Object.values(current)) stack.push([item, depth + 1]);
  }
  return false;
}

/**
 * `originalData` of a signed response: the JSON value for a JSON type (which must then parse), the text for a textual
 * type (when it is valid UTF-8), and the base64 of the bytes for anything else.
 */
export function originalDataOf(payload: Buffer, contentType: string): unknown {
  if (isJsonType(contentType)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload.toString('utf8'));
    } catch {
      throw new ValidationError(`body is not valid JSON although its content type is ${mediaTypeOf(contentType)}`);
    }
    if (nestsDeeperThan(parsed, MAX_JSON_DEPTH))
      throw new ValidationError(`body must not nest JSON objects or arrays deeper than ${MAX_JSON_DEPTH} levels`);
    return parsed;
  }
  if (isTextType(contentType)) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(payload);
    } catch {
      // Not UTF-8 after all: given as bytes.
    }
  }
  return payload.toString('base64');
}
