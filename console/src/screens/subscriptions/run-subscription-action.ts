import { unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import type { RoutedAction } from './subscription-machine';
import type { Subscription } from './subscription-queries';

export interface ActionOutcome {
  /** The subscription after the action. */
  subscription: Subscription;
  /** Pre-billing's answer: the order of the next term. */
  order?: Schemas['PrebilledOrder'];
}

/**
 * Runs a life cycle action on the version the person saw (`If-Match`: a 412 when it moved on), safe to retry
 * (`Idempotency-Key`). Pre-billing answers the order, so the subscription is read again after it.
 */
export async function runSubscriptionAction(
  action: RoutedAction,
  subscription: Subscription,
  productIds: string[] = [],
): Promise<ActionOutcome> {
  const path = { subscriptionId: subscription.id };
  const header = { 'if-match': `"${subscription.dbVersion}"`, 'idempotency-key': crypto.randomUUID() };
  switch (action) {
    case 'suspend':
      return {
        subscription: unwrap(await api.POST('/subscriptions/{subscriptionId}/suspend', { params: { path, header } })),
      };
    case 'reactivate':
      return {
        subscription: unwrap(
          await api.POST('/subscriptions/{subscriptionId}/reactivate', { params: { path, header } }),
        ),
      };
    case 'cancel':
      return {
        subscription: unwrap(await api.POST('/subscriptions/{subscriptionId}/cancel', { params: { path, header } })),
      };
    case 'upgrade': {
      const body = { dbVersion: subscription.dbVersion, products: productIds.map((id) => ({ id })) };
      return {
        subscription: unwrap(
          await api.POST('/subscriptions/{subscriptionId}/upgrade', { params: { path, header }, body }),
        ),
      };
    }
    case 'prebill': {
      const order = unwrap(
        await api.POST('/subscriptions/{subscriptionId}/prebill', {
          params: { path, header: { 'idempotency-key': header['idempotency-key'] } },
        }),
      );
      return { order, subscription: unwrap(await api.GET('/subscriptions/{subscriptionId}', { params: { path } })) };
    }
  }
}
