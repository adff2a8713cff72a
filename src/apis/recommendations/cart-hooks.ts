import { ValidationError } from '../../platform/errors/domain-errors.js';
import type { RecordOf } from '../../platform/resource/declare.js';
import type { CartSchema } from './cart.schema.js';

/**
 * On every create and replace, one line per product (raise its quantity): a repeated product answers 400 naming the
 * line. The products a cart names are a declared reference (visible to the writer), checked by the engine.
 */
export function beforeCartWrite(cart: RecordOf<typeof CartSchema>): RecordOf<typeof CartSchema> {
  const seen = new Set<string>();
  for (const [index, { productId }] of cart.items.entries()) {
    if (seen.has(productId))
      throw new ValidationError(
        `body.items[${index}].productId ${productId} is already in the cart: one line per product`,
      );
    seen.add(productId);
  }
  return cart;
}
