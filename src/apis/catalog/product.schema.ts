import Type, { type Static } from 'typebox';
import {
  DateTime,
  Id,
  List,
  Obj,
  StringEnum,
  StringMap,
  sharedFields,
  Text,
  UrlText,
} from '../../platform/resource/declare.js';
import { LIFETIME_PATTERN } from './lifetime.js';

export const PRODUCT_STATUSES = ['ENABLED', 'DISABLED'] as const;
export const BUSINESS_SEGMENTS = ['B2C', 'B2B', 'STRICT_B2C', 'STRICT_B2B'] as const;
export const SALES_MODES = ['BILLING_PLAN', 'STANDARD'] as const;
export const PRODUCT_TYPES = ['SOFTWARE', 'GAMES', 'CASUAL', 'SERVICE', 'B2C', 'B2B', 'HARDWARE'] as const;

/** ISO 3166-1 alpha-2 country code, upper case. */
export const CountryCode = (options: Record<string, unknown> = {}) =>
  Type.String({ pattern: '^[A-Z]{2}$', maxLength: 2, ...options });
/** ISO 4217 alphabetic currency code, upper case. */
export const CurrencyCode = (options: Record<string, unknown> = {}) =>
  Type.String({ pattern: '^[A-Z]{3}$', maxLength: 3, ...options });

/** An amount: a JSON number read as a decimal (its shortest text form), never used as a binary float. */
export const Amount = (options: Record<string, unknown> = {}) =>
  Type.Number({ minimum: 0, maximum: 1e12, description: 'decimal amount in the currency; at most 10^12', ...options });

export const PriceEntrySchema = Obj(
  {
    value: Type.Optional(Amount({ description: 'the list price, gross when vatIncluded, else net' })),
    initialValue: Type.Optional(Amount({ description: 'price of the first term' })),
    msrp: Type.Optional(Amount({ description: "manufacturer's suggested retail price (same VAT inclusion)" })),
    crossSell: Type.Optional(Amount({ description: 'price when sold as a cross-sell' })),
    upSell: Type.Optional(Amount({ description: 'price when sold as an up-sell' })),
    vatIncluded: Type.Optional(Type.Boolean({ description: 'the amounts include VAT (gross); default false (net)' })),
  },
  { $id: 'PriceEntry', title: 'Price entry' },
);

export const PricesSchema = Obj(
  {
    defaultCurrency: Type.Optional(
      CurrencyCode({ description: 'used when the requested currency has no entry for the country' }),
    ),
    priceByCountryByCurrency: Type.Optional(
      StringMap(
        StringMap(PriceEntrySchema, { propertyNames: { pattern: '^[A-Z]{3}$', maxLength: 3 }, maxProperties: 50 }),
        {
          propertyNames: { pattern: '^([A-Z]{2}|DEFAULT)$', maxLength: 7 },
          maxProperties: 300,
          description:
            'country (ISO 3166-1 alpha-2, or DEFAULT for every other country) -> currency (ISO 4217) -> price entry',
        },
      ),
    ),
  },
  { $id: 'Prices', title: 'Prices' },
);
export type Prices = Static<typeof PricesSchema>;
export type PriceEntry = Static<typeof PriceEntrySchema>;

const VariableValue = Type.Union([Text(), Type.Number(), Type.Boolean(), List(Text(), { maxItems: 100 })], {
  description: 'a text, number, boolean or list of texts',
});

export const VariableSchema = Obj(
  {
    field: Type.Optional(Text({ maxLength: 128 })),
    type: Type.Optional(Text({ maxLength: 64, description: 'LIST, TEXT, NUMBER, BOOLEAN, ...' })),
    defaultValue: Type.Optional(VariableValue),
    value: Type.Optional(VariableValue),
    internalDesc: Type.Optional(Text()),
    labels: Type.Optional(StringMap(Text())),
    localizedValue: Type.Optional(StringMap(StringMap(Text()))),
  },
  { $id: 'Variable', title: 'Variable' },
);

const ActivationLinkSchema = Obj(
  {
    enabled: Type.Optional(Type.Boolean()),
    providerId: Type.Optional(Id()),
    qrCodeDisabled: Type.Optional(Type.Boolean()),
  },
  { $id: 'ActivationLink', title: 'Activation link' },
);

const RelatedContentSchema = Obj(
  {
    file: Type.Optional(Text({ maxLength: 512, description: 'file name or asset link' })),
    label: Type.Optional(Text()),
  },
  { title: 'Related content' },
);
const LocalizedTexts = (description: string) =>
  Type.Optional(StringMap(Text({ maxLength: 20_000 }), { maxProperties: 200, description }));
const requestOnly = 'request only: written to the product description (descriptionId), not kept on the product';

export const ProductSchema = Obj(
  {
    ...sharedFields,
    activationLink: Type.Optional(ActivationLinkSchema),
    availableVariables: Type.Optional(List(VariableSchema, { maxItems: 100 })),
    blackListedCountries: Type.Optional(
      List(CountryCode(), {
        uniqueItems: true,
        maxItems: 300,
        description: 'countries where the product may not be sold',
      }),
    ),
    businessSegment: Type.Optional(StringEnum(BUSINESS_SEGMENTS)),
    catalogId: Type.Optional(Id()),
    codeName: Type.Optional(Text({ maxLength: 256 })),
    customFieldsId: Type.Optional(Id()),
    defaultLocale: Type.Optional(
      Text({ maxLength: 35, description: `locale of the localized texts sent without a map (${requestOnly})` }),
    ),
    descriptionId: Type.Optional(Id()),
    externalContext: Type.Optional(Text({ maxLength: 4000 })),
    forcedCrossSaleProductIds: Type.Optional(List(Id(), { uniqueItems: true, maxItems: 100 })),
    fulfillmentTemplate: Type.Optional(
      Text({ maxLength: 256, description: 'name (fulfillment v0) or id (v1) of the fulfillment template' }),
    ),
    fulfillmentTemplateName: Type.Optional(Text({ maxLength: 256 })),
    genericName: Type.Optional(Text({ maxLength: 256, description: 'name of the product' })),
    gift: Type.Optional(Type.Boolean()),
    lifeTime: Type.String({
      pattern: LIFETIME_PATTERN,
      maxLength: 16,
      description: 'optional duration then DAY, WEEK, MONTH, QUARTER, YEAR or LIFETIME: `1MONTH`, `12MONTH`, `YEAR`',
    }),
    localizedLongDesc: LocalizedTexts(`long description by locale (${requestOnly})`),
    localizedShortDesc: LocalizedTexts(`short description by locale (${requestOnly})`),
    localizedThankYouDesc: LocalizedTexts(`thank-you text by locale (${requestOnly})`),
    marketingName: LocalizedTexts(`marketing name by locale (${requestOnly})`),
    maxQuantityAllowed: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'maximum quantity per cart' }),
    ),
    nextGenerationOf: Type.Optional(
      List(Id(), {
        uniqueItems: true,
        maxItems: 50,
        description: 'ids of the older generations this product replaces',
      }),
    ),
    paidTrial: Type.Optional(Type.Boolean()),
    physical: Type.Optional(Type.Boolean({ description: 'physical (true) or digital delivery' })),
    priceFunction: Type.Optional(Id({ description: 'id of the price function applied to this product' })),
    prices: PricesSchema,
    priority: Type.Optional(
      Type.Integer({ minimum: -2_147_483_648, maximum: 2_147_483_647, description: 'sort order priority' }),
    ),
    productFamily: Type.Optional(Type.String({ maxLength: 128 })),
    publisherProductId: Type.Optional(Id()),
    publisherRefId: Type.String({
      maxLength: 80,
      description: "the publisher's reference; unique per customer (409 when taken)",
    }),
    relatedContents: Type.Optional(
      List(RelatedContentSchema, { maxItems: 100, description: 'download links of product content' }),
    ),
    releaseDate: Type.Optional(DateTime({ description: 'planned release' })),
    remoteVariant: Type.Optional(Text({ maxLength: 256, description: 'a variant reference at the publisher' })),
    var: Type.Optional(Text({ maxLength: 256, description: 'the variation this variant stands for' })),
    variantOf: Type.Optional(
      Id({
        description: 'on create: the parent product, making the new product its variant; answered equal to parentId',
      }),
    ),
    resources: Type.Optional(List(Obj({ url: Type.Optional(UrlText()) }), { uniqueItems: true, maxItems: 100 })),
    salesMode: Type.Optional(StringEnum(SALES_MODES)),
    sellingStores: List(Id(), { uniqueItems: true, maxItems: 200, description: 'stores that sell the product' }),
    signedProduct: Type.Optional(Text({ maxLength: 8192 })),
    status: Type.Optional(StringEnum(PRODUCT_STATUSES, { description: 'ENABLED (default) or DISABLED' })),
    parentId: Type.Optional(
      Id({ readOnly: true, description: 'the parent of a variant (set by variantOf and shift-variant)' }),
    ),
    subProducts: Type.Optional(List(Id(), { maxItems: 100 })),
    subscriptionTemplate: Type.Optional(Id()),
    taxCode: Type.Optional(Text({ maxLength: 64, description: 'tax-engine tax code' })),
    trialAllowed: Type.Optional(Type.Boolean()),
    trialDuration: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650, description: 'days' })),
    type: Type.Optional(StringEnum(PRODUCT_TYPES)),
    unifiedRegisterSoftware: Type.Optional(Type.Boolean()),
    visualTags: Type.Optional(StringMap(List(Text({ maxLength: 256 }), { maxItems: 50 }), { maxProperties: 50 })),
  },
  {
    $id: 'Product',
    title: 'Product',
    examples: [
      {
        genericName: 'Photo Studio Pro',
        publisherRefId: 'PSP-2026',
        lifeTime: '1YEAR',
        sellingStores: ['store-eu'],
        type: 'SOFTWARE',
        prices: {
          defaultCurrency: 'EUR',
          priceByCountryByCurrency: {
            FR: { EUR: { value: 119.99, vatIncluded: true } },
            US: { USD: { value: 99.99 } },
          },
        },
      },
    ],
  },
);
export type Product = Static<typeof ProductSchema>;

/** The product's request-only localized maps and the description maps they are written to. */
export const DESCRIPTION_MAPS_OF_PRODUCT = {
  marketingName: 'localizedMarketingName',
  localizedLongDesc: 'localizedLongDesc',
  localizedShortDesc: 'localizedShortDesc',
  localizedThankYouDesc: 'localizedThankYouDesc',
} as const;

/** Fields a product takes only in requests: their texts are written to the product's description. */
export const DESCRIPTION_FIELDS_OF_PRODUCT = ['defaultLocale', ...Object.keys(DESCRIPTION_MAPS_OF_PRODUCT)] as const;
