import Type, { type Static } from 'typebox';
import { DateTime, Id, Obj, StringEnum, sharedFields, Text } from '../../../platform/resource/declare.js';
import { IMPORT_STATUSES } from './import-life-cycle.js';

export const IMPORT_FORMATS = ['ndjson', 'csv'] as const;
export const IMPORT_MODES = ['create', 'upsert'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export type ImportMode = (typeof IMPORT_MODES)[number];

/** The import record (DECISIONS §12): the job's status, counts and times; written by the upload and the job only. */
export const ProductImportSchema = Obj(
  {
    ...sharedFields,
    format: StringEnum(IMPORT_FORMATS, { description: 'the uploaded file: NDJSON (a product a line) or CSV' }),
    mode: StringEnum(IMPORT_MODES, {
      description: '`create` refuses a row whose publisherRefId exists; `upsert` updates that product',
    }),
    dryRun: Type.Boolean({ description: 'every row checked, nothing stored' }),
    status: StringEnum(IMPORT_STATUSES, {
      description: 'QUEUED → RUNNING → SUCCEEDED | FAILED | CANCELLED (docs/catalog.md, "Bulk import")',
    }),
    rows: Type.Integer({ minimum: 0, description: 'rows in the file' }),
    processed: Type.Integer({ minimum: 0, description: 'rows done so far (stored, unchanged or refused)' }),
    created: Type.Integer({ minimum: 0 }),
    updated: Type.Integer({ minimum: 0 }),
    unchanged: Type.Integer({ minimum: 0, description: 'upserted rows equal to the stored product: nothing written' }),
    failed: Type.Integer({ minimum: 0, description: 'refused rows: GET /product-imports/{id}/errors lists them' }),
    startedAt: Type.Optional(DateTime({ description: 'when the job took its first rows' })),
    finishedAt: Type.Optional(DateTime({ description: 'when it ended (SUCCEEDED, FAILED or CANCELLED)' })),
    failure: Type.Optional(Text({ description: 'why a FAILED import stopped' })),
    idempotencyKey: Type.Optional(
      Text({ maxLength: 255, description: "the upload's Idempotency-Key: the same key answers this import again" }),
    ),
  },
  { $id: 'ProductImport', title: 'Product import' },
);
export type ProductImport = Static<typeof ProductImportSchema>;

export const CreateImportQuerySchema = Type.Object(
  {
    customerId: Type.Optional(Id({ description: 'the owner of the imported products (the operator names it)' })),
    mode: Type.Optional(StringEnum(IMPORT_MODES, { default: 'create' })),
    dryRun: Type.Optional(Type.Boolean({ default: false, description: 'check every row, store nothing' })),
  },
  { additionalProperties: false },
);
export type CreateImportQuery = Static<typeof CreateImportQuerySchema>;

export const ImportErrorSchema = Obj(
  {
    line: Type.Integer({ minimum: 1, description: 'line of the file (CSV: the header is line 1)' }),
    field: Type.String({ description: 'the field refused, as in 400 answers (`body.prices`), or `line`' }),
    message: Type.String(),
  },
  { $id: 'ProductImportError', title: 'Refused import row' },
);
export type ImportError = Static<typeof ImportErrorSchema>;

export const ImportErrorsQuerySchema = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000, default: 100 })),
  },
  { additionalProperties: false },
);
