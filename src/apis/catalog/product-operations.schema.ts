import Type, { type Static, type TObject } from 'typebox';
import type { JsonNode } from '../../platform/http/json-node.js';
import { Id, Obj, Ref, StringEnum, StringMap, schemaNodeOf, Text } from '../../platform/resource/declare.js';
import { listQuerySchema, recordSchemaOf } from '../../platform/resource/shapes.js';
import { productKind } from './product.kind.js';
import { CurrencyCode, PricesSchema, ProductSchema } from './product.schema.js';

/** Shapes of the Product API's operations beyond create, read and replace (docs/catalog.md, "Product operations"). */

export const ShiftVariantSchema = Obj(
  {
    parentId: Id({
      minLength: 1,
      description: 'the new parent: a product of the same customer, not the variant nor one of its variants',
    }),
    variantId: Id({ minLength: 1, description: 'the product to move' }),
  },
  {
    $id: 'ShiftVariant',
    title: 'Shift a variant',
    examples: [{ parentId: '0190a1b2c3d4e5f6a7b8c9d0e1f2a3b4', variantId: '0190a1b2c3d4e5f6a7b8c9d0e1f2a3b5' }],
  },
);
export type ShiftVariant = Static<typeof ShiftVariantSchema>;

const flag = (description: string) =>
  Type.Optional(Type.Boolean({ description: `${description}; default false (left out)` }));

export const DuplicationOptionsSchema = Obj(
  {
    duplicateFulfillment: flag('fulfillmentTemplate, fulfillmentTemplateName'),
    duplicateFuturePrice: flag('accepted and ignored: products hold no future prices'),
    duplicateGeneral: flag(
      'every field no other flag covers (type, lifeTime is always copied, sellingStores, catalogId, status, variables, ...)',
    ),
    duplicateLocalizedContent: flag('a copy of the description (descriptionId names the copy)'),
    duplicatePrices: flag('prices and priceFunction (else prices is {})'),
    duplicateProductFiles: flag('relatedContents, resources'),
    duplicateProductVariations: flag('the variants, each copied with the same options under the copy'),
    duplicateSubscription: flag('subscriptionTemplate, trialAllowed, trialDuration, paidTrial'),
  },
  { $id: 'ProductDuplicationOptions', title: 'Product duplication options' },
);
export type DuplicationOptions = Static<typeof DuplicationOptionsSchema>;

export const DuplicateProductSchema = Obj(
  {
    productName: Text({ minLength: 1, maxLength: 256, description: 'genericName of the copy' }),
    publisherRefId: Type.String({
      minLength: 1,
      maxLength: 80,
      description: 'publisherRefId of the copy; 409 when the customer uses it already',
    }),
    duplicationOptions: Type.Optional(DuplicationOptionsSchema),
  },
  {
    $id: 'ProductDuplication',
    title: 'Duplicate a product',
    examples: [
      {
        productName: 'Photo Studio Pro 2027',
        publisherRefId: 'PSP-2027',
        duplicationOptions: { duplicateGeneral: true, duplicatePrices: true, duplicateProductVariations: true },
      },
    ],
  },
);
export type DuplicateProduct = Static<typeof DuplicateProductSchema>;

export const DuplicatedProductSchema = Obj(
  { id: Id({ description: 'id of the copy' }) },
  { $id: 'DuplicatedProduct', title: 'Duplicated product' },
);

export const ImportQuerySchema = Type.Object(
  {
    locale: Type.Optional(Text({ maxLength: 35, description: 'defaultLocale of the product when the body has none' })),
    local: Type.Optional(
      StringEnum(['true', 'false'], {
        description: '`true`: the product is sold in `storeId` only (sellingStores = [storeId]); needs storeId',
      }),
    ),
    storeId: Type.Optional(Id({ minLength: 1, description: 'a store added to sellingStores when absent' })),
    reason: Type.Optional(Text({ description: 'kept as lastUpdateReason' })),
    dryRun: Type.Optional(
      Type.Boolean({
        description: 'true: check and answer the product that would be stored (200); nothing is stored, no event',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ImportQuery = Static<typeof ImportQuerySchema>;

/** At most this many ids in one default-currencies request. */
export const MAX_CURRENCY_LOOKUPS = 100;

export const DefaultCurrenciesQuerySchema = Type.Object(
  {
    productId: Type.String({
      minLength: 1,
      maxLength: MAX_CURRENCY_LOOKUPS * 129,
      description: `comma-separated product ids, at most ${MAX_CURRENCY_LOOKUPS}`,
    }),
  },
  { additionalProperties: false },
);

export const DefaultCurrenciesSchema = StringMap(Type.Union([CurrencyCode(), Type.Null()]), {
  $id: 'ProductDefaultCurrencies',
  title: 'Default currency by product id',
  description: 'product id -> prices.defaultCurrency (null when the product has none)',
  maxProperties: MAX_CURRENCY_LOOKUPS,
});

export const FulfillmentTemplatesUpdateSchema = Obj(
  {
    customerId: Id({ minLength: 1, description: 'the customer whose products change' }),
    fulfillmentTemplateIdTarget: Text({ minLength: 1, maxLength: 256, description: 'the new fulfillmentTemplate' }),
    fulfillmentTemplateSource: Text({
      minLength: 1,
      maxLength: 256,
      description: 'the fulfillmentTemplate to replace (a name for fulfillment v0, an id for v1), matched exactly',
    }),
  },
  {
    $id: 'FulfillmentTemplatesUpdate',
    title: 'Replace a fulfillment template on all products of a customer',
    examples: [
      {
        customerId: 'cust-acme',
        fulfillmentTemplateSource: 'license-key-v0',
        fulfillmentTemplateIdTarget: '0190a1b2c3d4e5f6a7b8c9d0e1f2a3b4',
      },
    ],
  },
);
export type FulfillmentTemplatesUpdate = Static<typeof FulfillmentTemplatesUpdateSchema>;

export const FulfillmentTemplatesOutcomeSchema = Obj(
  {
    customerId: Id(),
    fulfillmentTemplateSource: Text({ maxLength: 256 }),
    fulfillmentTemplateIdTarget: Text({ maxLength: 256 }),
    updated: Type.Integer({
      minimum: 0,
      description: 'how many products changed (each with dbVersion + 1 and an `updated` event)',
    }),
  },
  { $id: 'FulfillmentTemplatesOutcome', title: 'Fulfillment templates replaced' },
);

/** PUT /products/{id}/without-prices: the product body, `prices` optional since it is ignored. */
export const ProductWithoutPricesSchema = (() => {
  const {
    $id: _id,
    title: _title,
    examples,
    required = [],
    properties,
    ...rest
  } = schemaNodeOf(ProductSchema) as JsonNode;
  return {
    ...rest,
    $id: 'ProductWithoutPricesDraft',
    title: 'Product (replace body; prices ignored)',
    description:
      'The product as PUT /products/{id} takes it; `prices`, optional here, is ignored: the stored prices are kept.',
    properties: { ...properties, prices: Type.Optional(PricesSchema) },
    required: required.filter((field: string) => field !== 'prices'),
    examples,
    // Cast: a JSON Schema built from the product's: TypeBox has no static type for a schema rewritten at run time.
  } as unknown as TObject;
})();

/** A copy of `schema` whose nested schemas lose their `$id` (two schemas may not declare the same one). */
function withoutNestedIds(schema: unknown, depth = 0): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withoutNestedIds(item, depth + 1));
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => depth === 0 || key !== '$id')
      .map(([key, value]) => [key, withoutNestedIds(value, depth + 1)]),
  );
}

/**
 * A product with its inherited fields: the answered product plus `variationList`, whose elements are products as
 * answered (each variant with its inherited fields).
 */
export const InheritedProductSchema = (() => {
  const {
    $id: _id,
    title: _title,
    examples: _examples,
    properties,
    ...rest
  } = withoutNestedIds(recordSchemaOf(productKind)) as JsonNode;
  return {
    ...rest,
    $id: 'InheritedProduct',
    title: 'Product with inherited properties',
    description:
      "A product whose unset (absent) top-level fields are taken from its parent, then its parent's parent; a map or object is taken whole, never merged. Never inherited: id, createDate, updateDate, dbVersion, customerId, publisherRefId, parentId, variantOf, var, remoteVariant, nextGenerationOf, originalId, lastUpdateReason.",
    properties: {
      ...properties,
      variationList: Type.Optional(
        Type.Array(Ref(ProductSchema), {
          description:
            'only on a product with variants: its direct variants, each a Product with its inherited fields (no nested variationList)',
        }),
      ),
    },
  };
})();

/** The listing parameters of GET /products (paging, sort, filters, `pageable`, `predicate`), without `target`. */
export const InheritedListQuerySchema = (() => {
  const { target: _target, ...properties } = listQuerySchema(productKind).properties;
  return Type.Object(properties, { additionalProperties: false });
})();
