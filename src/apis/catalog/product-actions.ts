import type { ActionDefinition, RecordStores } from '../../platform/resource/index.js';
import type { ProductSchema } from './product.schema.js';
import { bulkUpdateActions } from './product-bulk-updates.js';
import { duplicationActions } from './product-duplication.js';
import { importProduct } from './product-import.js';
import { lookupActions } from './product-lookups.js';
import { variantActions } from './product-variants.js';

/** Every Product API operation beyond list, create, read and replace (docs/catalog.md, "Product operations"). */
export function productActions(services: RecordStores): ActionDefinition<typeof ProductSchema>[] {
  return [
    ...variantActions,
    ...duplicationActions(services),
    importProduct,
    ...lookupActions,
    ...bulkUpdateActions(services),
  ];
}
