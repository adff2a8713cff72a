import type { Principal } from '../../platform/auth/principal.js';
import type { Queryable } from '../../platform/db/database.js';
import { NotFoundError } from '../../platform/errors/domain-errors.js';
import { turnTaker } from '../../platform/event-loop-turns.js';
import type { RecordStores } from '../../platform/resource/declare.js';
import { defineView } from '../../platform/resource/declare.js';
import { priceFunctionResource } from './price-function.resource.js';
import type { PriceFunction } from './price-function.schema.js';
import { type PricedProduct, PricedProductQuerySchema, PricedProductSchema } from './priced-product.schema.js';
import { PricedProductCache, requestKey } from './priced-product-cache.js';
import { nextGenerationLookup } from './priced-product-next-generation.js';
import { pricedProduct } from './priced-product-pricing.js';
import { pricedProductRequestOf } from './priced-product-query.js';
import { productResource } from './product.resource.js';

const {
  descriptionId: _description,
  releaseDate: _release,
  sellingStores: _stores,
  ...sharedFilters
} = productResource.filters;

/**
 * The price functions a page names, each read once (one query per distinct function, not per product); a function
 * the caller cannot see is undefined (the products using it keep their list price and say why).
 */
async function priceFunctionsOf(
  ids: string[],
  principal: Principal,
  services: RecordStores,
  db: Queryable,
): Promise<Map<string, PriceFunction | undefined>> {
  const functions = new Map<string, PriceFunction | undefined>();
  for (const id of new Set(ids)) {
    try {
      functions.set(id, (await services.of(priceFunctionResource).get(principal, id, { db })).doc);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      functions.set(id, undefined);
    }
  }
  return functions;
}

/** One cache per service (the registry is the service's), so services in one process never share entries. */
const caches = new WeakMap<RecordStores, PricedProductCache>();
function cacheOf(services: RecordStores): PricedProductCache {
  let cache = caches.get(services);
  if (!cache) caches.set(services, (cache = new PricedProductCache()));
  return cache;
}

/** Priced product views (docs/product-decisions.md §9): products with their price computed for a country, currency and quantity. */
export const pricedProductView = defineView({
  name: 'priced-product',
  displayName: 'priced product',
  source: productResource,
  schema: PricedProductSchema,
  tag: 'Priced products',
  list: {
    path: '/priced-products',
    operationId: 'listPricedProducts',
    summary: 'List priced products',
    description:
      'Products filtered as GET /products does (sellingStoreS: the stores, spelled with a capital S), each priced for country, currency and quantity.',
  },
  get: {
    path: '/priced-products/:id',
    operationId: 'getPricedProduct',
    summary: 'Get a priced product',
    description:
      'The product priced for country, currency and quantity; priceFunctionParametersValues (JSON object) overrides the price function defaults.',
  },
  filters: {
    ...sharedFilters,
    sellingStoreS: {
      kind: 'string-array',
      path: 'sellingStores',
      description: 'comma list, repeatable: products sold in any of these stores',
    },
  },
  query: PricedProductQuerySchema,
  lookups: [nextGenerationLookup],
  async compute(products, { query, principal, services, db, now }) {
    const request = pricedProductRequestOf(query, now);
    const named = products.flatMap((product) => (product.priceFunction ? [product.priceFunction] : []));
    // Most products name no function: a single get then reads nothing more.
    const functions = named.length ? await priceFunctionsOf(named, principal, services, db) : new Map();
    const cache = cacheOf(services);
    const key = requestKey(request);
    const price = (product: (typeof products)[number]) =>
      cache.priced(
        product,
        key,
        product.priceFunction === undefined ? undefined : functions.get(product.priceFunction),
        () => pricedProduct(product, request, functions),
      );
    // A single product (a get) never holds the event loop long: no turns to take.
    if (products.length === 1) return [price(products[0]!)];
    const items: PricedProduct[] = [];
    const pause = turnTaker();
    for (const product of products) {
      items.push(price(product));
      await pause();
    }
    return items;
  },
});
