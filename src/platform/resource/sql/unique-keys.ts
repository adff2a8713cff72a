import { ConflictError } from '../../errors/domain-errors.js';
import type { AnyResourceKind } from '../declare/kind.js';
import type { Doc } from '../declare/record.js';
import { getPath, splitPath } from '../document/document-paths.js';
import { uniqueIndexName } from './storage-objects.js';

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * The 409 for a write the database refused because one of the kind's declared unique keys is taken (the unique index
 * decides, so two concurrent writers cannot both win), naming the fields and the values; undefined for any other error.
 */
export function uniqueViolation(definition: AnyResourceKind, error: unknown, doc: Doc): ConflictError | undefined {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  if (code !== UNIQUE_VIOLATION) return undefined;
  const key = definition.unique.find((candidate) => uniqueIndexName(definition.table, candidate) === constraint);
  if (!key) return undefined;
  const values = Object.fromEntries(key.fields.map((field) => [field, getPath(doc, splitPath(field)) ?? null]));
  const described = key.fields.map((field) => `${field} ${JSON.stringify(values[field])}`).join(' and ');
  return new ConflictError(
    `a ${definition.displayName} with ${described} already exists; ${key.fields.join(' + ')} must be unique`,
    {
      resourceType: definition.name,
      specific: { fields: key.fields, values },
    },
  );
}
