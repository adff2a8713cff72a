import { defineResource } from '../../platform/resource/declare.js';
import { ProductSaleRecordSchema } from './product-sale-record.schema.js';
import { beforeProductSaleRecordCreate, beforeProductSaleRecordUpdate } from './sale-record-hooks.js';

export const productSaleRecordResource = defineResource({
  name: 'product-sale-record',
  displayName: 'product sale record',
  path: '/product-sale-records',
  table: 'product_sale_records',
  schema: ProductSaleRecordSchema,
  scopeArea: 'catalog',
  tag: 'Products',
  errorShape: 'detailed',
  operations: {
    list: 'listProductSaleRecords',
    create: 'createProductSaleRecord',
    get: 'getProductSaleRecord',
    update: 'updateProductSaleRecord',
  },
  references: { productId: 'product' },
  filters: {
    customerId: { kind: 'string' },
    productId: { kind: 'string' },
    status: { kind: 'string' },
    catalogId: { kind: 'string' },
    sellingStores: { kind: 'string-array' },
  },
  hooks: { beforeCreate: beforeProductSaleRecordCreate, beforeUpdate: beforeProductSaleRecordUpdate },
});
