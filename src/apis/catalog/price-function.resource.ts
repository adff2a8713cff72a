import { defineResource } from '../../platform/registry/resource-definition.js';
import { PriceFunctionSchema } from './price-function.schema.js';

export const priceFunctionResource = defineResource({
  name: 'price-function',
  displayName: 'price function',
  path: '/price-functions',
  table: 'price_functions',
  schema: PriceFunctionSchema,
  scopeArea: 'catalog',
  tag: 'Price functions',
  errorShape: 'detailed',
  operations: {
    list: 'listPriceFunctions',
    create: 'createPriceFunction',
    get: 'getPriceFunction',
    update: 'updatePriceFunction',
  },
  filters: { customerId: { kind: 'string' }, name: { kind: 'string' } },
});
