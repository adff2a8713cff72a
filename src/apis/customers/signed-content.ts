import { ValidationError } from '../../platform/errors/domain-errors.js';

/** `Text/Plain; charset=UTF-8` -> `text/plain`. */
export function mediaTypeOf(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

export function isJsonType(contentType: string): boolean {
  const type = mediaTypeOf(contentType);
  return type === 'application/json' || type.endsWith('+json');
}

const TEXT_TYPES = ['application/xml', 'application/x-www-form-urlencoded', 'application/javascript', 'application/yaml'];

function isTextType(contentType: string): boolean {
  const type = mediaTypeOf(contentType);
  return type.startsWith('text/') || type.endsWith('+xml') || TEXT_TYPES.includes(type) || /;\s*charset=/i.test(contentType);
}

/** A header value that can be sent back as it is (printable ASCII only), else a neutral binary type. */
export function safeContentType(contentType: string): string {
  return /^[\x20-\x7e]{1,255}$/.test(contentType) ? contentType : 'application/octet-stream';
}

/**
 * `originalData` of a signed response: the JSON value for a JSON type (which must then parse), the text for a textual
 * type (when it is valid UTF-8), and the base64 of the bytes for anything else.
 */
export function originalDataOf(payload: Buffer, contentType: string): unknown {
  if (isJsonType(contentType)) {
    try {
      return JSON.parse(payload.toString('utf8'));
    } catch {
      throw new ValidationError(`body is not valid JSON although its content type is ${mediaTypeOf(contentType)}`);
    }
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
