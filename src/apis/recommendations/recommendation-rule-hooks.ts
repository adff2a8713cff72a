import { ValidationError } from '../../platform/errors/domain-errors.js';
import type { ResourceHooks } from '../../platform/registry/resource-definition.js';
import type { RecommendationRuleSchema } from './recommendation-rule.schema.js';

type Rule = { startDate: number; endDate: number };

/** A rule's period must be a period: it starts no later than it ends. */
function checkPeriod<R extends Rule>(rule: R): R {
  if (rule.startDate > rule.endDate) throw new ValidationError(`body.endDate (${rule.endDate}) must not be before body.startDate (${rule.startDate})`);
  return rule;
}

export const recommendationRuleHooks: ResourceHooks<typeof RecommendationRuleSchema> = {
  beforeCreate: (rule) => checkPeriod(rule),
  beforeUpdate: (rule) => checkPeriod(rule),
};
