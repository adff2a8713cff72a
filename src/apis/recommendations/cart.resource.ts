import { defineResource } from '../../platform/resource/declare.js';
import { CartSchema } from './cart.schema.js';
import { beforeCartWrite } from './cart-hooks.js';

/** Carts (ext routes): created, read and replaced; the recommendation engine reads them by id. */
export const cartResource = defineResource({
  name: 'cart',
  displayName: 'cart',
  path: '/carts',
  table: 'carts',
  schema: CartSchema,
  scopeArea: 'recommendations',
  tag: 'Product recommendations',
  operations: { create: 'createCart', get: 'getCart', update: 'updateCart' },
  filters: { customerId: { kind: 'string' }, enduserId: { kind: 'string' }, storeId: { kind: 'string' } },
  references: { 'items[].productId': 'product' },
  hooks: { beforeCreate: beforeCartWrite, beforeUpdate: beforeCartWrite },
});
