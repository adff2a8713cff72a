import { OWNER_KEY } from '../../../platform/jobs/fair-claim.js';
import { defineKind } from '../../../platform/resource/declare.js';
import { IMPORT_WAITING } from './product-import.repository.js';
import { ProductImportSchema } from './product-import.schema.js';

/**
 * Bulk imports (DECISIONS §12): records written by the upload and the job, read through the engine (tenant rule,
 * paging, newest first), cancelled by an action. Their rows wait in `product_import_pieces` until the job takes them.
 */
export const productImportKind = defineKind({
  name: 'product-import',
  displayName: 'product import',
  path: '/product-imports',
  table: 'product_imports',
  schema: ProductImportSchema,
  scopeArea: 'catalog',
  tag: 'Bulk catalogue',
  errorShape: 'detailed',
  newestFirst: true,
  operations: { list: 'listProductImports', get: 'getProductImport' },
  filters: {
    customerId: { kind: 'string' },
    status: { kind: 'string' },
    idempotencyKey: { kind: 'string' },
  },
  unique: [{ fields: ['customerId', 'idempotencyKey'] }],
  emits: [
    { fact: 'created', by: 'POST /product-imports, once the file is read' },
    { fact: 'finished', by: 'the import job, when an import ends (SUCCEEDED or FAILED)' },
  ],
  indexes: [{ name: 'waiting', expression: `(${OWNER_KEY}), id`, where: IMPORT_WAITING }],
});
