import { ValidationError } from '../../platform/errors/domain-errors.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { Transaction } from '../../platform/db/database.js';
import type { ResourceHooks } from '../../platform/registry/resource-definition.js';
import type { ServiceRegistry } from '../../platform/registry/service-registry.js';
import { productResource } from '../catalog/product.resource.js';
import type { CartSchema } from './cart.schema.js';

/**
 * A cart holds products its writer can see (read in one query), each once: an unknown or invisible product answers 400 naming it (the
 * cart is the input here, not the product), a repeated product 400 too (one line per product; raise its quantity).
 */
export function cartHooks(services: ServiceRegistry): ResourceHooks<typeof CartSchema> {
  async function checkItems(items: { productId: string }[], principal: Principal, tx: Transaction): Promise<void> {
    const visible = await services.of(productResource).getMany(principal, items.map((item) => item.productId), { db: tx });
    const seen = new Set<string>();
    for (const [index, { productId }] of items.entries()) {
      if (seen.has(productId)) throw new ValidationError(`body.items[${index}].productId ${productId} is already in the cart: one line per product`);
      seen.add(productId);
      if (!visible.has(productId)) throw new ValidationError(`body.items[${index}].productId names no product: ${productId} does not exist or is not visible`);
    }
  }
  return {
    async beforeCreate(cart, { principal, tx }) {
      await checkItems(cart.items, principal, tx);
      return cart;
    },
    async beforeUpdate(cart, _stored, { principal, tx }) {
      await checkItems(cart.items, principal, tx);
      return cart;
    },
  };
}
