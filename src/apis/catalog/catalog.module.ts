import type { ApiModule } from '../api-module.js';
import { descriptionResource } from './description.resource.js';
import { bulkCatalogueRoutes } from './import/bulk-catalogue.routes.js';
import { productImportJob } from './import/import-job.js';
import { importPurgeJob } from './import/import-purge.job.js';
import { IMPORT_TENANTS, importWork } from './import/import-work.js';
import { productImportResource } from './import/product-import.resource.js';
import { ImportErrorSchema } from './import/product-import.schema.js';
import { priceFunctionResource } from './price-function.resource.js';
import { pricedProductView } from './priced-product.view.js';
import { CurrencySchema, DiscountedPriceSchema, PriceSchema } from './pricing/price.schema.js';
import { productResource } from './product.resource.js';
import { PriceEntrySchema, PricesSchema, VariableSchema } from './product.schema.js';
import { InheritedProductSchema } from './product-operations.schema.js';
import { productSaleRecordResource } from './product-sale-record.resource.js';

/**
 * The Product API: products (with variants), sale records, descriptions, price functions, priced product views, and
 * the bulk catalogue (imports as a job, exports streamed).
 */
export const catalogModule: ApiModule = {
  name: 'catalog',
  kinds: [
    productResource,
    productSaleRecordResource,
    descriptionResource,
    priceFunctionResource,
    productImportResource,
  ],
  start({ db, services, clock, requests }) {
    const products = () => services.of(productResource);
    const imports = () => services.of(productImportResource);
    return {
      resources: [
        productResource,
        productSaleRecordResource,
        descriptionResource,
        priceFunctionResource,
        productImportResource,
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
        ImportErrorSchema,
      ],
      routes: async (app) => app.register(bulkCatalogueRoutes, { db, products, imports, services: () => services }),
      jobs: [
        productImportJob(importWork(db, services, clock, requests), IMPORT_TENANTS[db.kind]),
        importPurgeJob(db, clock),
      ],
    };
  },
};
