import type { ActionDefinition } from '../../platform/registry/resource-action.js';
import type { ServiceRegistry } from '../../platform/registry/service-registry.js';
import type { ProductSchema } from './product.schema.js';
import { bulkUpdateActions } from './product-bulk-updates.js';
import { duplicationActions } from './product-duplication.js';
import { importProduct } from './product-import.js';
import { lookupActions } from './product-lookups.js';
import { variantActions } from './product-variants.js';

/** Every Product API operation beyond list, create, read and replace (docs/catalog.md, "Product operations"). */
export function productActions(services: ServiceRegistry): ActionDefinition<typeof ProductSchema>[] {
  return [
    ...variantActions,
    ...duplicationActions(services),
    importProduct,
    ...lookupActions,
    ...bulkUpdateActions(services),
  ];
}
