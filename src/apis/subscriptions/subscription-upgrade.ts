import { StaleVersionError, ValidationError } from '../../platform/errors/domain-errors.js';
import { newId } from '../../platform/ids.js';
import type { ChangeOutcome, RecordActionContext, RecordStores } from '../../platform/resource/declare.js';
import type { LifecycleAction } from './subscription.lifecycle.js';
import type { Subscription, SubscriptionProduct, SubscriptionSchema } from './subscription.schema.js';
import { termFrom, withLineItemIds, withStatus } from './subscription-dates.js';
import { resolveModel } from './subscription-model-lookup.js';
import { type SubscriptionRecord, transitionTo } from './subscription-transitions.js';

/**
 * The new line items of an upgrade: each gets a new line item id and names the one it replaces in
 * `previousLineItemId` (the one the body names, else the current line item at the same position).
 */
function upgradedProducts(current: SubscriptionProduct[], sent: SubscriptionProduct[]): SubscriptionProduct[] {
  const currentIds = new Set(current.map((product) => product.lineItemId));
  return sent.map((product, index) => {
    const named = product.previousLineItemId;
    if (named !== undefined && !currentIds.has(named)) {
      throw new ValidationError(
        `body.products[${index}].previousLineItemId: ${named} is not a line item of this subscription`,
      );
    }
    const previous = named ?? current[index]?.lineItemId;
    return { ...product, lineItemId: newId(), ...(previous === undefined ? {} : { previousLineItemId: previous }) };
  });
}

/** The model of the upgrade, when the body names another one than the subscription's. */
function namesOtherModel(record: SubscriptionRecord, body: Subscription): boolean {
  if (body.modelId !== undefined) return body.modelId !== record.modelId;
  if (body.model?.term !== undefined) return JSON.stringify(body.model.term) !== JSON.stringify(record.model?.term);
  return body.model?.name !== undefined && body.model.name !== record.model?.name;
}

/**
 * upgrade (docs/product-decisions.md §7): TRIAL or ACTIVE -> ACTIVE with the body's products, `lifecycle.generation` + 1. A body
 * naming another model moves the subscription to it, and a new term of that model starts now.
 */
export async function upgradeChange(
  action: LifecycleAction,
  services: RecordStores,
  ctx: RecordActionContext<typeof SubscriptionSchema, typeof SubscriptionSchema>,
): Promise<ChangeOutcome<typeof SubscriptionSchema>> {
  const { record, now, principal, tx, body } = ctx;
  if (body.dbVersion !== undefined && body.dbVersion !== ctx.dbVersion)
    throw new StaleVersionError('subscription', String(record.id), ctx.dbVersion, body.dbVersion);
  const status = transitionTo(action, record, now);
  if (!body.products?.length)
    throw new ValidationError('body.products is required: an upgrade names the products the subscription moves to');
  const lifecycle = record.lifecycle ?? {};
  let upgraded: SubscriptionRecord = {
    ...record,
    products: upgradedProducts(record.products ?? [], body.products),
    lifecycle: withStatus({ ...lifecycle, generation: (lifecycle.generation ?? 0) + 1 }, status, now.getTime()),
  };
  if (body.nextProducts) upgraded.nextProducts = withLineItemIds(body.nextProducts);
  else delete upgraded.nextProducts;
  if (namesOtherModel(record, body)) {
    const resolved = await resolveModel(services, tx, principal, { ...body, customerId: record.customerId });
    upgraded = {
      ...upgraded,
      model: resolved.model,
      lifecycle: { ...upgraded.lifecycle, ...termFrom(now.getTime(), resolved.model.term, now.getTime()) },
    };
    if (resolved.modelId === undefined) {
      delete upgraded.modelId;
      delete upgraded.lifecycle!.modelId;
    } else
      upgraded = {
        ...upgraded,
        modelId: resolved.modelId,
        lifecycle: { ...upgraded.lifecycle, modelId: resolved.modelId },
      };
  }
  return { record: upgraded };
}
