import Type from 'typebox';
import { type ActionDefinition, defineAction, LookupId } from '../../platform/resource/declare.js';
import { productResource } from '../catalog/product.resource.js';
import { cartResource } from './cart.resource.js';
import { type CartTrigger, recommend } from './recommendation-engine.js';
import { RecommendationResultSchema } from './recommendation-result.schema.js';
import { recommendationResultJson } from './recommendation-result-json.js';
import type { RecommendationRuleSchema } from './recommendation-rule.schema.js';

/**
 * `GET /recommendations/cart?cartId=`: recommendations for every product of a cart the caller can see. A product
 * that left the catalogue (or the caller's sight) since it was put in the cart triggers nothing.
 */
export const cartRecommendations: ActionDefinition<typeof RecommendationRuleSchema> = defineAction({
  on: 'collection',
  path: '/recommendations/cart',
  method: 'GET',
  operationId: 'getCartRecommendations',
  summary: 'Get recommendations for a cart',
  description:
    "Applies the ENABLED rules of the cart owner that are current, name the cart's store and a cart product (or its parent) as eligible, and allow the cart's source. Results: `recommendations[level][type][cart product id]`, and `reports` saying what became of each candidate. See docs/recommendations.md.",
  query: Type.Object({ cartId: LookupId({ minLength: 1, description: 'the cart' }) }, { additionalProperties: false }),
  response: RecommendationResultSchema,
  writeJson: recommendationResultJson,
  errors: [404],
  async run({ principal, query, records, services, tx, now }) {
    const { doc: cart } = await services.of(cartResource).get(principal, query.cartId, { db: tx });
    const products = await services.of(productResource).getMany(
      principal,
      cart.items.map((item) => item.productId),
      { db: tx },
    );
    const triggers: CartTrigger[] = [...products.values()].map((product) => ({
      productId: String(product.id),
      ...(product.parentId ? { parentId: product.parentId } : {}),
      ...(product.forcedCrossSaleProductIds ? { forcedCrossSaleProductIds: product.forcedCrossSaleProductIds } : {}),
    }));
    return recommend(
      { principal, db: tx, rules: records, services },
      {
        triggers,
        storeId: cart.storeId,
        country: cart.country,
        currency: cart.currency,
        ...(cart.source ? { source: cart.source } : {}),
        ...(cart.customerId ? { ownerId: cart.customerId } : {}),
        inCart: new Set(cart.items.map((item) => item.productId)),
        now,
      },
    );
  },
});
