import Type, { type Static } from 'typebox';
import { Obj, Ref, Text } from '../../../platform/resource/declare.js';

export const CurrencySchema = Obj(
  {
    currencyCode: Text({ maxLength: 3, description: 'ISO 4217 alphabetic code' }),
    defaultFractionDigits: Type.Integer({
      description: 'fraction digits amounts are rounded to (JPY 0, EUR 2, KWD 3)',
    }),
    displayName: Text({ description: 'English name' }),
    numericCode: Type.Optional(
      Type.Integer({ description: 'ISO 4217 numeric code (absent for a code ISO 4217 does not list)' }),
    ),
    numericCodeAsString: Type.Optional(Text({ maxLength: 3, description: 'the numeric code as three digits' })),
    symbol: Text({ maxLength: 16 }),
  },
  { $id: 'Currency', title: 'Currency' },
);
export type Currency = Static<typeof CurrencySchema>;

const Amount = (description: string) => Type.Optional(Type.Number({ description }));

const DiscountAmounts = {
  discountedGrossPrice: Type.Number({ description: 'gross price after the discount' }),
  discountedNetPrice: Type.Number({ description: 'net price after the discount' }),
  grossPriceDiscountAmount: Type.Number({ description: 'gross amount taken off' }),
  netPriceDiscountAmount: Type.Number({ description: 'net amount taken off' }),
  vatDiscountAmount: Type.Number({ description: 'VAT amount taken off' }),
};

export const DiscountedPriceSchema = Obj(
  {
    ...DiscountAmounts,
    cumulatedDiscountRate: Type.Number({ description: 'the rate of every discount applied together, in percent' }),
    allDiscountsApplied: Type.Array(
      Obj({
        ...DiscountAmounts,
        grossPrice: Type.Number(),
        netPrice: Type.Number(),
        model: Text({
          maxLength: 64,
          description: "what the discount comes from: RECOMMENDATION (a rule's discount plan)",
        }),
      }),
      { description: 'each discount, in the order applied' },
    ),
  },
  { $id: 'DiscountedPrice', title: 'Discounted price' },
);

/** A computed price: decimal amounts rounded half-even to the currency's fraction digits (docs/product-decisions.md §9). */
export const PriceSchema = Obj(
  {
    currency: CurrencySchema,
    vatIncluded: Type.Boolean({ description: 'the list value was gross (VAT included); `value` keeps that inclusion' }),
    vatRate: Type.Number({
      description: 'VAT rate used, in percent (20 for 20 %); 0 when the country has none or is unknown',
    }),
    value: Type.Number({
      description: 'the price as listed (or as the price function computed it), same VAT inclusion as the list',
    }),
    netPrice: Type.Number({ description: 'price without VAT' }),
    grossPrice: Type.Number({ description: 'price with VAT' }),
    vatAmount: Type.Number({ description: 'grossPrice - netPrice' }),
    initialValue: Amount('price of the first term, as listed'),
    initialNetPrice: Amount('price of the first term without VAT'),
    initialGrossPrice: Amount('price of the first term with VAT'),
    initialVatAmount: Amount('VAT of the first term'),
    msrp: Amount("manufacturer's suggested retail price, as listed"),
    netMsrp: Amount('msrp without VAT'),
    grossMsrp: Amount('msrp with VAT'),
    vatAmountMsrp: Amount('VAT of the msrp'),
    strikeThroughPrice: Amount('the msrp, when it is above the price (to show struck through)'),
    crossSell: Amount('price when sold as a cross-sell, as listed'),
    upSell: Amount('price when sold as an up-sell, as listed'),
    source: Type.Optional(Text({ maxLength: 32, description: 'INTERNAL: computed from the product record' })),
    discountedPrice: Type.Optional(Ref(DiscountedPriceSchema)),
  },
  { $id: 'Price', title: 'Price' },
);
export type Price = Static<typeof PriceSchema>;
