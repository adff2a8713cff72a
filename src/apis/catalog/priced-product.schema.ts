import Type, { type Static, type TProperties } from 'typebox';
import { Id, List, Obj, Ref, StringMap, Text } from '../../platform/resource/declare.js';
import { PriceFunctionParameterSchema } from './price-function.schema.js';
import { PriceSchema } from './pricing/price.schema.js';
import { CountryCode, CurrencyCode, ProductSchema, VariableSchema } from './product.schema.js';

/**
 * Product fields a priced product view shows as stored: the spec's "Priced product view" fields that products have,
 * plus genericName, codeName and sellingStores (the view filters on them, so a client sees what it filtered by).
 */
export const PRODUCT_FIELDS_OF_VIEW = [
  'id',
  'createDate',
  'updateDate',
  'dbVersion',
  'lastUpdateReason',
  'customerId',
  'activationLink',
  'blackListedCountries',
  'businessSegment',
  'catalogId',
  'customFieldsId',
  'descriptionId',
  'codeName',
  'externalContext',
  'forcedCrossSaleProductIds',
  'fulfillmentTemplate',
  'fulfillmentTemplateName',
  'genericName',
  'gift',
  'lifeTime',
  'maxQuantityAllowed',
  'nextGenerationOf',
  'paidTrial',
  'parentId',
  'physical',
  'priceFunction',
  'priority',
  'productFamily',
  'publisherProductId',
  'publisherRefId',
  'relatedContents',
  'releaseDate',
  'resources',
  'salesMode',
  'sellingStores',
  'signedProduct',
  'subscriptionTemplate',
  'taxCode',
  'trialAllowed',
  'trialDuration',
  'type',
  'unifiedRegisterSoftware',
  'variantOf',
  'visualTags',
] as const satisfies readonly (keyof typeof ProductSchema.properties)[];

const productProperties = Object.fromEntries(
  PRODUCT_FIELDS_OF_VIEW.map((field) => [field, Type.Optional(ProductSchema.properties[field])]),
) as TProperties;

/** A parameter as the view shows it: its declaration plus `label` (its English label, else its first). */
const ViewParameterSchema = Obj(
  { ...PriceFunctionParameterSchema.properties, label: Type.Optional(Text()) },
  { title: 'Price function parameter (view)' },
);

export const PricedProductSchema = Obj(
  {
    ...productProperties,
    defaultCurrency: Type.Optional(Text({ maxLength: 3, description: "the product's default currency" })),
    storeId: Type.Optional(Id({ description: 'the store asked for' })),
    taxExempt: Type.Boolean({ description: 'true when no VAT applies (the rate used is 0)' }),
    // By reference: one schema may not hold two copies of the `Price` $id (the catalogue module registers it).
    // price: `quantity` units; unitPrice: one.
    price: Type.Optional(Ref(PriceSchema)),
    unitPrice: Type.Optional(Ref(PriceSchema)),
    priceFunctionParameters: Type.Optional(List(ViewParameterSchema, { maxItems: 50 })),
    priceFunctionParametersValues: Type.Optional(
      StringMap(Text(), { description: 'the parameter values the price function was evaluated with' }),
    ),
    priceFunctionExecutionErrorMessage: Type.Optional(
      Text({ maxLength: 2000, description: 'why the price function failed; the list price is shown instead' }),
    ),
    variables: Type.Optional(List(VariableSchema, { maxItems: 100 })),
    variableValues: Type.Optional(
      StringMap(Type.Unknown(), { description: 'value (else default value) of each product variable' }),
    ),
  },
  { $id: 'PricedProduct', title: 'Priced product view' },
);
export type PricedProduct = Static<typeof PricedProductSchema>;

/** The view's own query parameters (list and get). */
export const PricedProductQuerySchema = Type.Object(
  {
    country: Type.Optional(
      CountryCode({
        description: 'ISO 3166-1 alpha-2 country to price for; without it the DEFAULT prices apply (VAT 0)',
      }),
    ),
    currency: Type.Optional(
      CurrencyCode({
        description: "ISO 4217 currency; without it (or without a price in it) the product's defaultCurrency",
      }),
    ),
    storeId: Type.Optional(Id({ description: 'the store the price is shown in (echoed as storeId)' })),
    quantity: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1_000_000,
        description: 'units priced in `price` (default 1); `unitPrice` is for one',
      }),
    ),
    priceFunctionParametersValues: Type.Optional(
      Text({
        maxLength: 8000,
        description:
          'JSON-encoded object of parameter values (texts) overriding the price function defaults, e.g. {"discount":"20"}',
      }),
    ),
  },
  { additionalProperties: false },
);
