import type { ApiModule } from '../api-module.js';
import { descriptionResource } from './description.resource.js';
import { descriptionHooks } from './description-hooks.js';
import { priceFunctionResource } from './price-function.resource.js';
import { duplicatePriceFunction } from './price-function-actions.js';
import { priceFunctionHooks } from './price-function-hooks.js';
import { pricedProductView } from './priced-product.view.js';
import { CurrencySchema, DiscountedPriceSchema, PriceSchema } from './pricing/price.schema.js';
import { productResource } from './product.resource.js';
import { PriceEntrySchema, PricesSchema, VariableSchema } from './product.schema.js';
import { productActions } from './product-actions.js';
import { productHooks } from './product-hooks.js';
import { InheritedProductSchema } from './product-operations.schema.js';
import { productSaleRecordResource } from './product-sale-record.resource.js';
import { saleRecordHooks } from './sale-record-hooks.js';

/** The Product API: products (with variants), sale records, descriptions, price functions and priced product views. */
export const catalogModule: ApiModule = {
  name: 'catalog',
  start({ services }) {
    return {
      resources: [
        { ...productResource, hooks: productHooks(services), actions: productActions(services) },
        { ...productSaleRecordResource, hooks: saleRecordHooks },
        { ...descriptionResource, hooks: descriptionHooks },
        {
          ...priceFunctionResource,
          hooks: priceFunctionHooks,
          actions: [...priceFunctionResource.actions, duplicatePriceFunction],
        },
      ],
      views: [pricedProductView],
      schemas: [
        PriceEntrySchema,
        PricesSchema,
        VariableSchema,
        InheritedProductSchema,
        CurrencySchema,
        DiscountedPriceSchema,
        PriceSchema,
      ],
    };
  },
};
