import type { ApiModule } from '../api-module.js';
import { descriptionResource } from './description.resource.js';
import { priceFunctionResource } from './price-function.resource.js';
import { pricedProductView } from './priced-product.view.js';
import { CurrencySchema, DiscountedPriceSchema, PriceSchema } from './pricing/price.schema.js';
import { productResource } from './product.resource.js';
import { PriceEntrySchema, PricesSchema, VariableSchema } from './product.schema.js';
import { InheritedProductSchema } from './product-operations.schema.js';
import { productSaleRecordResource } from './product-sale-record.resource.js';

/** The Product API: products (with variants), sale records, descriptions, price functions and priced product views. */
export const catalogModule: ApiModule = {
  name: 'catalog',
  kinds: [productResource, productSaleRecordResource, descriptionResource, priceFunctionResource],
  start() {
    return {
      resources: [productResource, productSaleRecordResource, descriptionResource, priceFunctionResource],
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
