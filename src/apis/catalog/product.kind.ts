import { defineKind } from '../../platform/resource/declare.js';
import { ProductSchema } from './product.schema.js';

/**
 * What a product is and how it is stored: its schema, filters, references, history and cache. Its declaration,
 * product.resource.ts, adds its hooks and actions; they read products back (their schemas derive from this), so they
 * import this file rather than the declaration.
 */
export const productKind = defineKind({
  name: 'product',
  displayName: 'product',
  path: '/products',
  table: 'products',
  schema: ProductSchema,
  scopeArea: 'catalog',
  tag: 'Products',
  errorShape: 'detailed',
  operations: { list: 'listProducts', create: 'createProduct', get: 'getProduct', update: 'updateProduct' },
  filters: {
    customerId: { kind: 'string' },
    lifeTime: { kind: 'string' },
    subscriptionTemplate: { kind: 'string' },
    parentId: { kind: 'string' },
    productFamily: { kind: 'string' },
    physical: { kind: 'boolean' },
    publisherRefId: { kind: 'string' },
    salesMode: { kind: 'string' },
    fulfillmentTemplate: { kind: 'string' },
    type: { kind: 'string' },
    catalogId: { kind: 'string' },
    descriptionId: { kind: 'string' },
    codeName: { kind: 'string' },
    genericName: { kind: 'string' },
    priceFunction: { kind: 'string', description: 'price function id' },
    sellingStores: {
      kind: 'string-array',
      description: 'comma list, repeatable: products sold in any of these stores',
    },
    status: { kind: 'string', description: 'ENABLED or DISABLED' },
    blackListedCountries: {
      kind: 'string-array',
      description: 'comma list of country codes, repeatable: products refused in any of them',
    },
    releaseDate: { kind: 'string', description: 'the release date-time, as stored' },
    nextGenerationOf: {
      kind: 'string-array',
      description: 'comma list, repeatable: the products that replace any of these older products',
    },
  },
  words: {
    param: 'q',
    fields: { genericName: 'A', publisherRefId: 'A', codeName: 'A' },
    description:
      'text search: every word must match a word of the product or its start (`fjo rac` finds "Fjord Racer"), case and accents ignored, in its name, reference, code name and its description\'s marketing names and texts in every locale (a variant: its parent\'s too); `"a phrase"`, `-word`, `or`. Without `sort`, the best matches first, then the newest',
  },
  readOnly: ['parentId'],
  references: {
    priceFunction: 'price-function',
    variantOf: 'product',
    descriptionId: 'description',
    'nextGenerationOf[]': 'product',
    'forcedCrossSaleProductIds[]': 'product',
    'subProducts[]': 'product',
  },
  history: true,
  unique: [{ fields: ['customerId', 'publisherRefId'] }],
  // Priced views, recommendations and carts read products by the page: keep the documents they read.
  cache: { megabytes: 32 },
});
