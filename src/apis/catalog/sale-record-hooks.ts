import type { ResourceHooks } from '../../platform/resource/declare.js';
import type { ProductSaleRecordSchema } from './product-sale-record.schema.js';

/** New sale records are ENABLED unless the body says otherwise (the product they name is a declared reference). */
export const saleRecordHooks: ResourceHooks<typeof ProductSaleRecordSchema> = {
  beforeCreate: (doc) => ({ status: 'ENABLED', ...doc }),
  beforeUpdate: (doc) => ({ ...doc, status: doc.status ?? 'ENABLED' }),
};
