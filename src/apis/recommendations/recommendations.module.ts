import type { ApiModule } from '../api-module.js';
import { cartResource } from './cart.resource.js';
import { CartItemSchema } from './cart.schema.js';
import { cartHooks } from './cart-hooks.js';
import { cartRecommendations } from './cart-recommendations.action.js';
import { lineItemRecommendations } from './line-item-recommendations.action.js';
import { RecommendationResultSchemas } from './recommendation-result.schema.js';
import { recommendationRuleResource } from './recommendation-rule.resource.js';
import { DiscountPlanSchema } from './recommendation-rule.schema.js';
import { recommendationRuleHooks } from './recommendation-rule-hooks.js';
import { importRecommendationRule } from './recommendation-rule-import.js';

/** The Product recommendation API: rules, carts, and recommendations computed from them over the catalogue. */
export const recommendationsModule: ApiModule = {
  name: 'recommendations',
  start({ services }) {
    return {
      resources: [
        {
          ...recommendationRuleResource,
          hooks: recommendationRuleHooks,
          actions: [importRecommendationRule, cartRecommendations, lineItemRecommendations],
        },
        { ...cartResource, hooks: cartHooks },
      ],
      schemas: [DiscountPlanSchema, CartItemSchema, ...RecommendationResultSchemas],
    };
  },
};
