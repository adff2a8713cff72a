import { type Doc, MASK, SERVER_MANAGED_FIELDS } from '../declare/record.js';
import type { AnyResourceDefinition } from '../declare/resource-definition.js';
import { getPath, splitPath, withPath } from './document-paths.js';

/** The body without the fields a client may not set (server-managed and read-only). */
export function writableFields(definition: Pick<AnyResourceDefinition, 'readOnly' | 'secret'>, body: Doc): Doc {
  const doc: Doc = { ...body };
  for (const field of SERVER_MANAGED_FIELDS) delete doc[field];
  let out = doc;
  for (const field of definition.readOnly) out = withPath(out, splitPath(field), undefined);
  return out;
}

/** Secret values replaced by the mask, for responses and events; an absent (or null) secret stays absent (null). */
export function maskSecrets(definition: Pick<AnyResourceDefinition, 'readOnly' | 'secret'>, doc: Doc): Doc {
  let out = doc;
  for (const field of definition.secret) {
    const path = splitPath(field);
    const value = getPath(out, path);
    if (value !== undefined && value !== null) out = withPath(out, path, MASK);
  }
  return out;
}

/** An update that leaves a secret out (or sends the mask back) keeps the stored secret. */
export function keepStoredSecrets(
  definition: Pick<AnyResourceDefinition, 'readOnly' | 'secret'>,
  doc: Doc,
  stored: Doc,
): Doc {
  let out = doc;
  for (const field of definition.secret) {
    const path = splitPath(field);
    const sent = getPath(out, path);
    const kept = getPath(stored, path);
    if ((sent === undefined || sent === MASK) && kept !== undefined) out = withPath(out, path, kept);
  }
  return out;
}

/**
 * The writable secrets `body` sets or replaces: a value other than the mask, and other than null where nothing is
 * stored (an update that leaves a secret out, or sends the mask back, keeps it). Generated (read-only) secrets are
 * never taken from a body.
 */
export function secretsSetBy(
  definition: Pick<AnyResourceDefinition, 'readOnly' | 'secret'>,
  body: Doc,
  stored: Doc | undefined,
): string[] {
  return definition.secret.filter((field) => {
    if (definition.readOnly.some((readOnly) => field === readOnly || field.startsWith(`${readOnly}.`))) return false;
    const path = splitPath(field);
    const sent = getPath(body, path);
    if (sent === undefined || sent === MASK) return false;
    return !(sent === null && (stored === undefined || getPath(stored, path) == null));
  });
}

/** Read-only fields keep their stored values on update. */
export function keepReadOnly(
  definition: Pick<AnyResourceDefinition, 'readOnly' | 'secret'>,
  doc: Doc,
  stored: Doc,
): Doc {
  let out = doc;
  for (const field of definition.readOnly) {
    const path = splitPath(field);
    const kept = getPath(stored, path);
    if (kept !== undefined) out = withPath(out, path, kept);
  }
  return out;
}
