import type { Principal } from '../../platform/auth/principal.js';
import type { Queryable } from '../../platform/db/database.js';
import type { RecordOf, RecordStore } from '../../platform/resource/declare.js';
import { MAX_FILTER_VALUES } from '../../platform/resource/shapes.js';
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

const chunks = (values: string[]) =>
  Array.from({ length: Math.ceil(values.length / MAX_FILTER_VALUES) }, (_, i) =>
    values.slice(i * MAX_FILTER_VALUES, (i + 1) * MAX_FILTER_VALUES),
  );

/** A rule lists eligible products or parents; one listing neither is eligible for every trigger (docs/product-decisions.md §8). */
const restricts = (rule: Pick<Rule, 'eligibleProductIds' | 'eligibleParentProductIds'>) =>
  Boolean(rule.eligibleProductIds?.length || rule.eligibleParentProductIds?.length);

/** The trigger (or its parent) is among the rule's eligible products (parents), or the rule lists none: lists narrow. */
export function isEligible(rule: Rule, trigger: Trigger): boolean {
  if (!restricts(rule)) return true;
  if (rule.eligibleProductIds?.includes(trigger.productId)) return true;
  return trigger.parentId !== undefined && (rule.eligibleParentProductIds?.includes(trigger.parentId) ?? false);
}

/** The index entry for "every trigger": a predefinedIdsRecoRule that lists no eligible product or parent. */
export const ANY_TRIGGER = 'any';
const productKey = (id: string) => `product:${id}`;
const parentKey = (id: string) => `parent:${id}`;

/**
 * The triggers a rule is found by (its `appliesTo`, a filter with keys): its eligible products and parents; without
 * them, the triggers that can have candidates, the keys of its maps for idToIdsRecoRule, or any trigger for
 * predefinedIdsRecoRule. So finding a cart's rules stays one indexed lookup, never a scan of the owner's rules.
 */
export function appliesTo(
  rule: Pick<
    Rule,
    'function' | 'eligibleProductIds' | 'eligibleParentProductIds' | 'byProductIds' | 'byParentProductIds'
  >,
): string[] {
  if (restricts(rule))
    return [
      ...(rule.eligibleProductIds ?? []).map(productKey),
      ...(rule.eligibleParentProductIds ?? []).map(parentKey),
    ];
  if (rule.function === 'predefinedIdsRecoRule') return [ANY_TRIGGER];
  return [
    ...Object.keys(rule.byProductIds ?? {}).map(productKey),
    ...Object.keys(rule.byParentProductIds ?? {}).map(parentKey),
  ];
}

/** What the index cannot check: the rule's period (both ends included) and its sources. */
function appliesAt(rule: Rule, occasion: Occasion): boolean {
  const now = occasion.now.getTime();
  if (now < rule.startDate || now > rule.endDate) return false;
  if (rule.customerId !== occasion.ownerId) return false;
  return !rule.sources?.length || (occasion.source !== undefined && rule.sources.includes(occasion.source as never));
}

/**
 * The ENABLED rules of the occasion's store that apply to any trigger, heaviest first (then oldest). Read with an
 * indexed listing of the rules found by a trigger, its parent or any trigger (`appliesTo`), not by loading every rule
 * of the customer.
 */
export async function applicableRules(
  rules: RecordStore<typeof RecommendationRuleSchema>,
  principal: Principal,
  db: Queryable,
  triggers: Trigger[],
  occasion: Occasion,
): Promise<Rule[]> {
  const base = {
    status: 'ENABLED',
    eligibleStoreIds: occasion.storeId,
    ...(occasion.ownerId ? { customerId: occasion.ownerId } : {}),
  };
  const keys = [
    ...new Set([
      ANY_TRIGGER,
      ...triggers.flatMap((trigger) => [
        productKey(trigger.productId),
        ...(trigger.parentId ? [parentKey(trigger.parentId)] : []),
      ]),
    ]),
  ];
  const found = new Map<string, Rule>();
  for (const chunk of chunks(keys))
    for (const rule of await listAll(rules, principal, db, { ...base, appliesTo: chunk }))
      found.set(String(rule.id), rule);
  return [...found.values()]
    .filter((rule) => appliesAt(rule, occasion))
    .sort((a, b) => (b.weight ?? 0) - (a.weight ?? 0) || String(a.id).localeCompare(String(b.id)));
}

/** The products a rule recommends for a trigger (before the checks): its list for the trigger and its parent, or every listed id. */
export function candidatesOf(rule: Rule, trigger: Trigger): string[] {
  const byProduct = rule.byProductIds ?? {};
  const byParent = rule.byParentProductIds ?? {};
  if (rule.function === 'predefinedIdsRecoRule')
    return [...new Set([...Object.values(byProduct).flat(), ...Object.values(byParent).flat()])];
  return [
    ...new Set([
      ...(byProduct[trigger.productId] ?? []),
      ...(trigger.parentId ? (byParent[trigger.parentId] ?? []) : []),
    ]),
  ];
}
