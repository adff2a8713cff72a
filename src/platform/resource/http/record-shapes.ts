import type { TObject } from 'typebox';
import type { JsonNode } from '../../http/json-node.js';
import type { AnyResourceKind } from '../declare/kind.js';
import { schemaNodeOf } from '../document/document-paths.js';
import { listedSchemaOf } from './resource-schemas.js';

/** What the record shapes need of a kind: its schema. */
type KindSchema = Pick<AnyResourceKind, 'schema'>;

/** What the server sets on every stored record, so every answer carries them. */
const ALWAYS_ANSWERED = ['id', 'createDate', 'updateDate', 'dbVersion'] as const;

/** A sample of the server-set fields, added to a body example to make it an answer example. */
const SAMPLE_RECORD_FIELDS = {
  id: '01890a5d-ac96-774b-bcce-b302099a8057',
  createDate: '2026-01-01T09:30:00.000Z',
  updateDate: '2026-01-01T09:30:00.000Z',
  dbVersion: 0,
};
const SAMPLE_EPOCH_MS = Date.parse(SAMPLE_RECORD_FIELDS.createDate);

/** The sample fields in the kind's date form: epoch milliseconds where its schema types the dates as integers. */
function sampleRecordFields(shape: JsonNode): JsonNode {
  if (shape.properties?.createDate?.type !== 'integer') return SAMPLE_RECORD_FIELDS;
  return { ...SAMPLE_RECORD_FIELDS, createDate: SAMPLE_EPOCH_MS, updateDate: SAMPLE_EPOCH_MS };
}

function shapeOf(definition: KindSchema): JsonNode {
  return schemaNodeOf(definition.schema);
}

/**
 * The record as answered: the declared schema with `id`, `createDate`, `updateDate` and `dbVersion` required, since
 * the server sets them on every record. It keeps the definition's `$id` (`TermsItem`): the name clients read.
 */
export function recordSchemaOf(definition: KindSchema): TObject {
  const shape = shapeOf(definition);
  const { examples, required = [], ...rest } = shape;
  const sample = sampleRecordFields(shape);
  return {
    ...rest,
    required: [...new Set([...required, ...ALWAYS_ANSWERED])],
    ...(Array.isArray(examples) ? { examples: examples.map((example: JsonNode) => ({ ...sample, ...example })) } : {}),
    // Cast: a JSON Schema built from a kind's: TypeBox has no static type for a schema rewritten at run time.
  } as unknown as TObject;
}

/**
 * The body of a create or a replace (`TermsItemDraft`): the same fields, the server-set ones optional and ignored
 * (docs/product-decisions.md §3), so a record read can be sent back as it is.
 */
export function draftSchemaOf(definition: KindSchema): TObject {
  const { $id, title, description, ...rest } = shapeOf(definition);
  const what = description ? `${description} ` : '';
  return {
    ...rest,
    $id: `${$id}Draft`,
    title: `${title} (create or replace body)`,
    description: `${what}Server-set fields (id, createDate, updateDate) are ignored; dbVersion, when sent, must be the stored one.`,
    // Cast: a JSON Schema built from a kind's: TypeBox has no static type for a schema rewritten at run time.
  } as unknown as TObject;
}

/** A listed record: the fields `target` asks for, and always `id`. */
export function listedRecordSchemaOf(definition: KindSchema): TObject {
  const listed = schemaNodeOf(listedSchemaOf(definition));
  const { examples: _examples, ...rest } = listed;
  // Cast: a JSON Schema built from a kind's: TypeBox has no static type for a schema rewritten at run time.
  // Cast: a JSON Schema built from a kind's: TypeBox has no static type for a schema rewritten at run time.
  return { ...rest, required: ['id'] } as unknown as TObject;
}
