import { ValidationError } from '../../platform/errors/domain-errors.js';
import type { RecordOf } from '../../platform/resource/declare.js';
import type { RecommendationRuleSchema } from './recommendation-rule.schema.js';
import { appliesTo } from './rule-selection.js';

type Rule = RecordOf<typeof RecommendationRuleSchema>;

/**
 * On every create and replace: a rule's period must be a period (it starts no later than it ends), and the triggers it
 * is found by (`appliesTo`, read-only) are computed and kept with it, so a lookup reads them from the filter keys.
 */
export function beforeRecommendationRuleWrite(rule: Rule): Rule {
  if (rule.startDate > rule.endDate)
    throw new ValidationError(`body.endDate (${rule.endDate}) must not be before body.startDate (${rule.startDate})`);
  return { ...rule, appliesTo: appliesTo(rule) };
}
