import Type, { type Static } from 'typebox';
import { Id, List, Obj, StringEnum, sharedFields } from '../../platform/resource/declare.js';
import { CountryCode, CurrencyCode } from '../catalog/product.schema.js';
import { RULE_SOURCES } from './recommendation-rule.schema.js';

export const MAX_CART_ITEMS = 100;

export const CartItemSchema = Obj(
  {
    productId: Id({ minLength: 1, description: 'a product the cart owner can see' }),
    quantity: Type.Integer({ minimum: 1, maximum: 10_000 }),
  },
  { $id: 'CartItem', title: 'Cart item' },
);

/** A cart (ext): what recommendations are computed for. Its products must exist and be visible to its writer. */
export const CartSchema = Obj(
  {
    ...sharedFields,
    storeId: Id({ minLength: 1, description: 'the store the cart is in' }),
    enduserId: Type.Optional(Id({ description: 'the end user buying' })),
    country: CountryCode({ description: 'ISO 3166-1 alpha-2 country of the buyer' }),
    currency: CurrencyCode({ description: 'ISO 4217 currency the cart is priced in' }),
    source: Type.Optional(
      StringEnum(RULE_SOURCES, { description: 'how the cart came about; rules with `sources` apply only to theirs' }),
    ),
    items: List(CartItemSchema, { maxItems: MAX_CART_ITEMS }),
  },
  {
    $id: 'Cart',
    title: 'Cart',
    examples: [
      {
        storeId: 'store-eu',
        country: 'FR',
        currency: 'EUR',
        source: 'PURCHASE',
        items: [{ productId: '0190a1b2c3d4e5f6a7b8c9d0e1f2a3b4', quantity: 1 }],
      },
    ],
  },
);
export type Cart = Static<typeof CartSchema>;
