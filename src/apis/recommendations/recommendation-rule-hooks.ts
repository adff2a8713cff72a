import { ValidationError } from '../../platform/errors/domain-errors.js';
import type { RecordOf, ResourceHooks } from '../../platform/resource/declare.js';
import type { RecommendationRuleSchema } from './recommendation-rule.schema.js';
import { appliesTo } from './rule-selection.js';

type Rule = RecordOf<typeof RecommendationRuleSchema>;

/** A rule's period must be a period: it starts no later than it ends; the triggers it is found by are kept with it. */
function checked(rule: Rule): Rule {
  if (rule.startDate > rule.endDate)
    throw new ValidationError(`body.endDate (${rule.endDate}) must not be before body.startDate (${rule.startDate})`);
  return { ...rule, appliesTo: appliesTo(rule) };
}

export const recommendationRuleHooks: ResourceHooks<typeof RecommendationRuleSchema> = {
  beforeCreate: checked,
  beforeUpdate: checked,
};
