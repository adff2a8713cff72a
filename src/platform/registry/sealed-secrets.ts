import { type DataEncryption, DecryptionError } from '../crypto/data-encryption.js';
import { type Doc, getPath, splitPath, withPath } from './document-paths.js';
import { type AnyResourceDefinition, MASK } from './resource-definition.js';

/** What a sealed secret starts with in a stored record; a stored value without it is a plain one written before sealing. */
export const SEALED_PREFIX = 'sealed:';

type Secrets = Pick<AnyResourceDefinition, 'name' | 'secret'>;

/** The value is bound to its kind, record and field: copied to another record or field, it does not open. */
const contextOf = (definition: Secrets, id: unknown, field: string) => `${definition.name}:${String(id)}:${field}`;

/**
 * The record as stored: every declared secret holding text is sealed with the data encryption key (the mask, a
 * placeholder, is left as it is). `doc` holds secrets in clear, as the service handles them.
 */
export function sealSecrets(definition: Secrets, encryption: DataEncryption, doc: Doc): Doc {
  let out = doc;
  for (const field of definition.secret) {
    const path = splitPath(field);
    const value = getPath(out, path);
    if (typeof value !== 'string' || value === MASK) continue;
    out = withPath(
      out,
      path,
      SEALED_PREFIX + encryption.seal(Buffer.from(value, 'utf8'), contextOf(definition, doc.id, field)),
    );
  }
  return out;
}

/** `doc` with each sealed secret replaced by what `open` makes of it (given the sealed value, its context and field). */
function withSealedReplaced(
  definition: Secrets,
  doc: Doc,
  open: (sealed: string, context: string, field: string) => unknown,
): Doc {
  let out = doc;
  for (const field of definition.secret) {
    const path = splitPath(field);
    const value = getPath(out, path);
    if (typeof value !== 'string' || !value.startsWith(SEALED_PREFIX)) continue;
    out = withPath(out, path, open(value.slice(SEALED_PREFIX.length), contextOf(definition, doc.id, field), field));
  }
  return out;
}

/**
 * The stored record with its secrets in clear. Plain values (stored before secrets were sealed) are read as they are;
 * they are sealed by the record's next write. Throws DecryptionError when a value does not open (another key).
 */
export function openSecrets(definition: Secrets, encryption: DataEncryption, doc: Doc): Doc {
  return withSealedReplaced(definition, doc, (sealed, context) => encryption.open(sealed, context).toString('utf8'));
}

/**
 * `openSecrets` for a write: a value that does not open (sealed under another key, or copied from another record) is
 * left out and its field named, so the write can go on if it replaces that secret.
 */
export function openSecretsForWrite(
  definition: Secrets,
  encryption: DataEncryption,
  doc: Doc,
): { doc: Doc; unopened: string[] } {
  const unopened: string[] = [];
  const opened = withSealedReplaced(definition, doc, (sealed, context, field) => {
    try {
      return encryption.open(sealed, context).toString('utf8');
    } catch (error) {
      if (!(error instanceof DecryptionError)) throw error;
      unopened.push(field);
      return undefined;
    }
  });
  return { doc: opened, unopened };
}
