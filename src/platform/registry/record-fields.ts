import { type Doc, getPath, splitPath, withPath } from './document-paths.js';
import { type AnyResourceDefinition, MASK, SERVER_MANAGED_FIELDS } from './resource-definition.js';

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
