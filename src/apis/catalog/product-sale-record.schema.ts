import Type, { type Static } from 'typebox';
import { Id, List, Obj, StringEnum, sharedFields, Text } from '../../platform/resource/declare.js';
import { PRODUCT_STATUSES, PricesSchema } from './product.schema.js';

/** What a merchant (a reseller) sells a product for: the sale price and terms of one of its products. */
export const ProductSaleRecordSchema = Obj(
  {
    ...sharedFields,
    productId: Id({ description: 'the product sold (a product visible to the merchant)' }),
    catalogId: Type.Optional(Id()),
    fulfillmentTemplate: Type.Optional(Text({ maxLength: 256, description: 'fulfillment template name' })),
    paidTrial: Type.Optional(Type.Boolean()),
    prices: Type.Optional(PricesSchema),
    sellingStores: Type.Optional(List(Id(), { uniqueItems: true, maxItems: 200 })),
    status: Type.Optional(StringEnum(PRODUCT_STATUSES)),
    subscriptionTemplate: Type.Optional(Id()),
    trialAllowed: Type.Optional(Type.Boolean()),
    trialDuration: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650, description: 'days' })),
  },
  {
    $id: 'ProductSaleRecord',
    title: 'Product sale record',
    examples: [
      {
        productId: '0190a1b2c3d4e5f6a7b8c9d0e1f2a3b4',
        status: 'ENABLED',
        prices: {
          defaultCurrency: 'EUR',
          priceByCountryByCurrency: { FR: { EUR: { value: 109.99, vatIncluded: true } } },
        },
      },
    ],
  },
);
export type ProductSaleRecord = Static<typeof ProductSaleRecordSchema>;
