import type { ActionDefinition } from '../../platform/resource/declare.js';
import type { ProductSchema } from './product.schema.js';
import { bulkUpdateActions } from './product-bulk-updates.js';
import { duplicationActions } from './product-duplication.js';
import { importProduct } from './product-import.js';
import { lookupActions } from './product-lookups.js';
import { variantActions } from './product-variants.js';

/** Every Product API operation beyond list, create, read and replace (docs/catalog.md, "Product operations"). */
export const productActions: ActionDefinition<typeof ProductSchema>[] = [
  ...variantActions,
  ...duplicationActions,
  importProduct,
  ...lookupActions,
  ...bulkUpdateActions,
];
