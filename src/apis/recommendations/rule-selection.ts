import type { Principal } from '../../platform/auth/principal.js';
import type { Queryable } from '../../platform/db/database.js';
import { MAX_FILTER_VALUES } from '../../platform/registry/listing-query.js';
import type { RecordOf } from '../../platform/registry/resource-definition.js';
import type { ResourceService } from '../../platform/registry/resource-service.js';
import { listAll } from '../catalog/product-queries.js';
import type { RecommendationRuleSchema } from './recommendation-rule.schema.js';

export type Rule = RecordOf<typeof RecommendationRuleSchema>;

/** A product recommendations start from: a cart product, or a previous line item's product, with its parent. */
export interface Trigger {
  productId: string;
  parentId?: string;
}

/** Where and when the recommendations are shown. */
export interface Occasion {
  storeId: string;
  source?: string;
  /** The cart's owner: only its rules apply (undefined: the operator's). */
  ownerId?: string;
  now: Date;
}

const chunks = (values: string[]) => Array.from({ length: Math.ceil(values.length / MAX_FILTER_VALUES) }, (_, i) => values.slice(i * MAX_FILTER_VALUES, (i + 1) * MAX_FILTER_VALUES));

/** The trigger (or its parent) is among the rule's eligible products (parents); a rule listing neither applies to none. */
export function isEligible(rule: Rule, trigger: Trigger): boolean {
  if (rule.eligibleProductIds?.includes(trigger.productId)) return true;
  return trigger.parentId !== undefined && (rule.eligibleParentProductIds?.includes(trigger.parentId) ?? false);
}

/** What the index cannot check: the rule's period (both ends included) and its sources. */
function appliesAt(rule: Rule, occasion: Occasion): boolean {
  const now = occasion.now.getTime();
  if (now < rule.startDate || now > rule.endDate) return false;
  if (rule.customerId !== occasion.ownerId) return false;
  return !rule.sources?.length || (occasion.source !== undefined && rule.sources.includes(occasion.source as never));
}

/**
 * The ENABLED rules of the occasion's store that apply to any trigger, heaviest first (then oldest). Read with indexed
 * listings — the rules naming a trigger among their eligible products, and those naming a trigger's parent — not by
 * loading every rule of the customer.
 */
export async function applicableRules(rules: ResourceService<typeof RecommendationRuleSchema>, principal: Principal, db: Queryable, triggers: Trigger[], occasion: Occasion): Promise<Rule[]> {
  const base = { status: 'ENABLED', eligibleStoreIds: occasion.storeId, ...(occasion.ownerId ? { customerId: occasion.ownerId } : {}) };
  const products = [...new Set(triggers.map((trigger) => trigger.productId))];
  const parents = [...new Set(triggers.flatMap((trigger) => (trigger.parentId ? [trigger.parentId] : [])))];
  const found = new Map<string, Rule>();
  for (const ids of chunks(products)) for (const rule of await listAll(rules, principal, db, { ...base, eligibleProductIds: ids })) found.set(String(rule.id), rule);
  for (const ids of chunks(parents)) for (const rule of await listAll(rules, principal, db, { ...base, eligibleParentProductIds: ids })) found.set(String(rule.id), rule);
  return [...found.values()]
    .filter((rule) => appliesAt(rule, occasion))
    .sort((a, b) => (b.weight ?? 0) - (a.weight ?? 0) || String(a.id).localeCompare(String(b.id)));
}

/** The products a rule recommends for a trigger (before the checks): its list for the trigger and its parent, or every listed id. */
export function candidatesOf(rule: Rule, trigger: Trigger): string[] {
  const byProduct = rule.byProductIds ?? {};
  const byParent = rule.byParentProductIds ?? {};
  if (rule.function === 'predefinedIdsRecoRule') return [...new Set([...Object.values(byProduct).flat(), ...Object.values(byParent).flat()])];
  return [...new Set([...(byProduct[trigger.productId] ?? []), ...(trigger.parentId ? (byParent[trigger.parentId] ?? []) : [])])];
}
