import { defineResource } from '../../platform/resource/declare.js';
import { cartRecommendations } from './cart-recommendations.action.js';
import { lineItemRecommendations } from './line-item-recommendations.action.js';
import { RecommendationRuleSchema } from './recommendation-rule.schema.js';
import { beforeRecommendationRuleWrite } from './recommendation-rule-hooks.js';
import { importRecommendationRule } from './recommendation-rule-import.js';

/**
 * Recommendation rules, with their hooks, their import, and the recommendations computed from them for a cart or a
 * subscription's line item (the engine is handed the rules' own records).
 */
export const recommendationRuleResource = defineResource({
  name: 'recommendation-rule',
  displayName: 'recommendation rule',
  path: '/recommendation-rules',
  table: 'recommendation_rules',
  schema: RecommendationRuleSchema,
  scopeArea: 'recommendations',
  tag: 'Product recommendations',
  operations: {
    list: 'listRecommendationRules',
    create: 'createRecommendationRule',
    get: 'getRecommendationRule',
    update: 'updateRecommendationRule',
    recap: 'recapRecommendationRules',
    unwind: 'unwindRecommendationRules',
  },
  filters: {
    customerId: { kind: 'string' },
    name: { kind: 'string' },
    status: { kind: 'string', description: 'ENABLED or DISABLED' },
    type: { kind: 'string', description: 'CROSS_SELL, UP_SELL or UPGRADE' },
    function: { kind: 'string' },
    catalogId: { kind: 'string' },
    marketingOperationId: { kind: 'string' },
    originalId: { kind: 'string' },
    levels: { kind: 'string-array', description: 'comma list, repeatable: rules shown at any of these levels' },
    sources: { kind: 'string-array', description: 'comma list, repeatable: rules restricted to any of these sources' },
    eligibleStoreIds: {
      kind: 'string-array',
      description: 'comma list, repeatable: rules applying in any of these stores',
    },
    eligibleProductIds: {
      kind: 'string-array',
      description: 'comma list, repeatable: rules applying to any of these products',
    },
    eligibleParentProductIds: {
      kind: 'string-array',
      description: 'comma list, repeatable: rules applying to any of these parents',
    },
    appliesTo: {
      kind: 'string-array',
      description:
        'ext: `any`, `product:<id>` or `parent:<id>`, comma list, repeatable: the rules found for these triggers',
    },
  },
  readOnly: ['appliesTo'],
  // Every recommendation request reads the rules of its cart's products.
  cache: { megabytes: 16 },
  hooks: { beforeCreate: beforeRecommendationRuleWrite, beforeUpdate: beforeRecommendationRuleWrite },
  actions: [importRecommendationRule, cartRecommendations, lineItemRecommendations],
});
