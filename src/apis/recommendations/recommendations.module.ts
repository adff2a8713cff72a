import type { ApiModule } from '../api-module.js';
import { cartResource } from './cart.resource.js';
import { CartItemSchema } from './cart.schema.js';
import { RecommendationResultSchemas } from './recommendation-result.schema.js';
import { recommendationRuleResource } from './recommendation-rule.resource.js';
import { DiscountPlanSchema } from './recommendation-rule.schema.js';

/** The Product recommendation API: rules, carts, and recommendations computed from them over the catalogue. */
export const recommendationsModule: ApiModule = {
  name: 'recommendations',
  kinds: [recommendationRuleResource, cartResource],
  start() {
    return {
      resources: [recommendationRuleResource, cartResource],
      schemas: [DiscountPlanSchema, CartItemSchema, ...RecommendationResultSchemas],
    };
  },
};
