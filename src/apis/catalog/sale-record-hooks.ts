import type { ResourceHooks } from '../../platform/registry/resource-definition.js';
import type { ServiceRegistry } from '../../platform/registry/service-registry.js';
import { productResource } from './product.resource.js';
import type { ProductSaleRecordSchema } from './product-sale-record.schema.js';

/** A sale record names a product its writer can see (404 otherwise); new records are ENABLED unless the body says otherwise. */
export function saleRecordHooks(services: ServiceRegistry): ResourceHooks<typeof ProductSaleRecordSchema> {
  const products = () => services.of(productResource);
  return {
    async beforeCreate(doc, { principal, tx }) {
      await products().findVisible(tx, principal, doc.productId);
      return { status: 'ENABLED', ...doc };
    },
    async beforeUpdate(doc, stored, { principal, tx }) {
      if (doc.productId !== stored.productId) await products().findVisible(tx, principal, doc.productId);
      return { ...doc, status: doc.status ?? 'ENABLED' };
    },
  };
}
