import { defineResource } from '../../platform/resource/declare.js';
import { PriceFunctionSchema } from './price-function.schema.js';
import { duplicatePriceFunction } from './price-function-actions.js';
import { beforePriceFunctionWrite } from './price-function-hooks.js';

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
  hooks: { beforeCreate: beforePriceFunctionWrite, beforeUpdate: beforePriceFunctionWrite },
  actions: [duplicatePriceFunction],
});
