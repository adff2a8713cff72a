import type { Schemas } from '../../api/client';

export type Rule = Schemas['RecommendationRule'];
export type RuleDraft = Schemas['RecommendationRuleDraft'];

export const LEVELS = ['CART', 'PRODUCT', 'PURCHASE', 'INTERSTITIAL'] as const satisfies RuleDraft['levels'];
export const TYPES = ['CROSS_SELL', 'UP_SELL', 'UPGRADE'] as const satisfies RuleDraft['type'][];
export const FUNCTIONS = ['idToIdsRecoRule', 'predefinedIdsRecoRule'] as const satisfies RuleDraft['function'][];
export const SOURCES = [
  'PURCHASE',
  'SUBSCRIPTION',
  'MANUAL_RENEWAL',
  'BILLING_PLAN',
  'UPGRADE',
] as const satisfies NonNullable<RuleDraft['sources']>;
export const STATUSES = ['ENABLED', 'DISABLED'] as const satisfies RuleDraft['status'][];

export const FUNCTION_LABELS: Record<RuleDraft['function'], string> = {
  idToIdsRecoRule: "By trigger: each cart product's own list",
  predefinedIdsRecoRule: 'Predefined: every listed product, whatever the trigger',
};

const YEAR_MS = 365 * 86_400_000;

/** A new rule: enabled, cross-sell at the cart level, from now for a year. */
export function emptyRule(): RuleDraft {
  const start = new Date();
  start.setSeconds(0, 0);
  return {
    name: '',
    status: 'ENABLED',
    type: 'CROSS_SELL',
    function: 'idToIdsRecoRule',
    levels: ['CART'],
    eligibleStoreIds: [],
    startDate: start.getTime(),
    endDate: start.getTime() + YEAR_MS,
  };
}

/** The editable part of a stored rule (what the server sets left out, its version kept for the save). */
export function draftOf(rule: Rule): RuleDraft {
  const { id: _id, createDate: _created, updateDate: _updated, appliesTo: _appliesTo, ...draft } = rule;
  return draft;
}

/** A map without its rows that name nothing; undefined (left out of the body) when none is left. */
function compact<V>(map: Record<string, V> | undefined): Record<string, V> | undefined {
  const entries = Object.entries(map ?? {}).filter(([name]) => name !== '');
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/**
 * What is sent: empty optional lists, maps and texts left out rather than sent empty (an empty `sources` would restrict
 * the rule to no source at all), and map rows without a product dropped.
 */
export function bodyOf(draft: RuleDraft): RuleDraft {
  const body: RuleDraft = { ...draft };
  for (const key of ['eligibleProductIds', 'eligibleParentProductIds', 'sources'] as const)
    if (!body[key]?.length) delete body[key];
  body.byProductIds = compact(body.byProductIds);
  body.byParentProductIds = compact(body.byParentProductIds);
  body.localizedDesc = compact(body.localizedDesc);
  for (const key of ['catalogId', 'fallbackLocale', 'marketingOperationId', 'customerId'] as const)
    if (!body[key]) delete body[key];
  if (
    body.discountPlan &&
    body.discountPlan.discountStep === undefined &&
    !body.discountPlan.tag &&
    !body.discountPlan.ignorePurchaseDiscount
  )
    delete body.discountPlan;
  return body;
}

/** Whether the rule names no product to recommend (its maps empty once rows without a product are dropped). */
export function recommendsNothing(draft: RuleDraft): boolean {
  const listed = (map: RuleDraft['byProductIds']) => Object.values(compact(map) ?? {}).some((ids) => ids.length > 0);
  return !listed(draft.byProductIds) && !listed(draft.byParentProductIds);
}
