import { newId } from '../../platform/ids.js';
import type { SubscriptionStatus } from './subscription.lifecycle.js';
import type { Lifecycle, SubscriptionProduct, Term } from './subscription.schema.js';
import type { ResolvedModel } from './subscription-model-lookup.js';
import { addTerms, daysUntil } from './subscription-terms.js';

/**
 * The life cycle of a new subscription (docs/product-decisions.md §7): TRIAL when the model has a trial, else ACTIVE; the first term
 * runs from `now`, so `nextBillingDate = anniversaryDate = expirationDate = now + term`.
 */
export function startingLifecycle(resolved: ResolvedModel, now: number): Lifecycle {
  const trial = (resolved.model.durationUntilTrialEnd ?? 0) > 0;
  return {
    id: newId(),
    ...(resolved.modelId === undefined ? {} : { modelId: resolved.modelId }),
    status: trial ? 'TRIAL' : 'ACTIVE',
    generation: 0,
    creationDate: now,
    ...termFrom(now, resolved.model.term, now),
  };
}

/** The dates of a term starting at `start`. */
export function termFrom(
  start: number,
  term: Term,
  now: number,
): Pick<
  Lifecycle,
  'anniversaryDate' | 'nextBillingDate' | 'expirationDate' | 'estimatedExpirationDate' | 'daysBeforeAnniversary'
> {
  const end = addTerms(start, term);
  return {
    anniversaryDate: end,
    nextBillingDate: end,
    expirationDate: end,
    estimatedExpirationDate: end,
    daysBeforeAnniversary: daysUntil(now, end),
  };
}

/** The life cycle in its new status, with the days left to the anniversary counted again. */
export function withStatus(lifecycle: Lifecycle, status: SubscriptionStatus, now: number): Lifecycle {
  const days =
    lifecycle.anniversaryDate === undefined ? {} : { daysBeforeAnniversary: daysUntil(now, lifecycle.anniversaryDate) };
  return { ...lifecycle, status, ...days };
}

/** Line items keep the id they have and get one otherwise. */
export function withLineItemIds(products: SubscriptionProduct[] | undefined): SubscriptionProduct[] | undefined {
  return products?.map((product) => (product.lineItemId ? product : { ...product, lineItemId: newId() }));
}
