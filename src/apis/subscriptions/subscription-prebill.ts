import { SYSTEM_PRINCIPAL } from '../../platform/auth/principal.js';
import { ValidationError } from '../../platform/errors/domain-errors.js';
import type { ReadingRecordAction, RecordActionContext, RecordStores } from '../../platform/resource/declare.js';
import { orderResource } from '../orders/order.resource.js';
import type { Order } from '../orders/order.schema.js';
import { createOrder } from '../orders/order.service.js';
import { actionDescription, type LifecycleAction } from './subscription.lifecycle.js';
import { PrebilledOrderSchema, type SubscriptionSchema } from './subscription.schema.js';
import { addTerms } from './subscription-terms.js';
import { type SubscriptionRecord, transitionTo } from './subscription-transitions.js';

type Schema = typeof SubscriptionSchema;

function answer(order: Order) {
  return {
    id: order.id,
    lineItems: order.lineItems.map(({ id, productId, subscriptionId }) => ({ id, productId, subscriptionId })),
  };
}

/** The next term's line items: `nextProducts` when the subscription has them, else its `products`. */
function productsToBill(subscription: SubscriptionRecord) {
  const products = subscription.nextProducts?.length ? subscription.nextProducts : (subscription.products ?? []);
  if (products.length === 0)
    throw new ValidationError(`subscription ${subscription.id} has no products to pre-bill`, {
      resourceId: String(subscription.id),
      resourceType: 'subscription',
    });
  return products;
}

/**
 * prebill (docs/product-decisions.md §7): ACTIVE only; creates the order of the next term (from `nextBillingDate`, one term long) in
 * the action's transaction, with the subscription's `prebilled` change. The subscription row is locked first, so
 * concurrent calls queue and the later ones find the order (answered again, nothing written); the order's unique
 * key (subscription, term start) backs that up.
 */
async function prebill(action: LifecycleAction, services: RecordStores, ctx: RecordActionContext<Schema>) {
  const { records, tx, principal, now } = ctx;
  const id = String(ctx.record.id);
  const subscription = records.present((await records.findVisible(tx, principal, id, true)).doc);
  transitionTo(action, subscription, now);
  const start = subscription.lifecycle?.nextBillingDate;
  const term = subscription.model?.term;
  if (start === undefined || term === undefined)
    throw new ValidationError(`subscription ${id} has no next billing date or term to pre-bill`);
  const termStart = new Date(start).toISOString();
  const { docs } = await services
    .of(orderResource)
    .listRecords(SYSTEM_PRINCIPAL, { subscriptionId: id, termStart, size: 1 }, undefined, { db: tx });
  if (docs[0]) return answer(docs[0] as Order);
  const end = addTerms(start, term);
  const order = await createOrder(services, tx, {
    subscriptionId: id,
    customerId: String(subscription.customerId),
    ...(subscription.enduserId === undefined ? {} : { enduserId: subscription.enduserId }),
    termStart,
    termEnd: new Date(end).toISOString(),
    lineItems: productsToBill(subscription).map((product) => ({ productId: product.id, quantity: 1 })),
  });
  await records.act(
    principal,
    id,
    (doc) => ({ ...doc, lifecycle: { ...doc.lifecycle, prebillingDate: now.getTime(), estimatedExpirationDate: end } }),
    { tx, fact: action.fact },
  );
  return answer(order);
}

export function prebillAction(
  action: LifecycleAction,
  route: { operationId: string; summary: string },
): ReadingRecordAction<Schema> {
  return {
    on: 'record',
    path: action.name,
    operationId: route.operationId,
    summary: route.summary,
    description: `${actionDescription(action)} Creates the pre-billed order of the next term once; a later call in the same term answers the same order and changes nothing.`,
    response: PrebilledOrderSchema,
    errors: [409],
    run: (ctx) => prebill(action, ctx.services, ctx),
  };
}
