import { ValidationError } from '../../platform/errors/domain-errors.js';
import type { RecordOf, WriteContext } from '../../platform/resource/declare.js';
import type { SubscriptionSchema } from './subscription.schema.js';
import { startingLifecycle, withLineItemIds } from './subscription-dates.js';
import { resolveModel } from './subscription-model-lookup.js';

type SubscriptionRecord = RecordOf<typeof SubscriptionSchema>;

/**
 * What subscriptions add to the engine (the declaration, subscription.resource.ts, names each hook): a subscription
 * belongs to a customer, follows a model (its term and trial, copied into `model`), and starts its life cycle on
 * create. A replace keeps the life cycle (read-only) and the model: both change through the actions only.
 */

/** A new subscription: its customer required, its model resolved and copied, its life cycle started. */
export async function beforeSubscriptionCreate(
  doc: SubscriptionRecord,
  { principal, tx, now, services }: WriteContext<typeof SubscriptionSchema>,
): Promise<SubscriptionRecord> {
  if (doc.customerId === undefined)
    throw new ValidationError('body.customerId is required: a subscription belongs to a customer');
  const resolved = await resolveModel(services, tx, principal, doc);
  const created: SubscriptionRecord = {
    ...doc,
    model: resolved.model,
    lifecycle: startingLifecycle(resolved, now.getTime()),
  };
  if (resolved.modelId === undefined) delete created.modelId;
  else created.modelId = resolved.modelId;
  return withProducts(created);
}

/** A replaced subscription keeps its model as stored: it changes through the actions only. */
export function beforeSubscriptionUpdate(doc: SubscriptionRecord, stored: SubscriptionRecord): SubscriptionRecord {
  const kept: SubscriptionRecord = { ...doc, model: stored.model, modelId: stored.modelId };
  if (stored.model === undefined) delete kept.model;
  if (stored.modelId === undefined) delete kept.modelId;
  return withProducts(kept);
}

/** Every line item has an id: new lines get one, the others keep theirs. */
function withProducts(doc: SubscriptionRecord): SubscriptionRecord {
  const products = withLineItemIds(doc.products);
  const nextProducts = withLineItemIds(doc.nextProducts);
  return { ...doc, ...(products ? { products } : {}), ...(nextProducts ? { nextProducts } : {}) };
}
