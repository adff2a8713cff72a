import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../api/api-error';
import { api, type Listed, type Schemas } from '../../api/client';

export type Subscription = Schemas['Subscription'];

export const subscriptionKey = (subscriptionId: string) => ['subscriptions', subscriptionId] as const;

export function useSubscription(subscriptionId: string) {
  return useQuery({
    queryKey: subscriptionKey(subscriptionId),
    queryFn: async () =>
      unwrap(await api.GET('/subscriptions/{subscriptionId}', { params: { path: { subscriptionId } } })),
  });
}

export function useOrder(orderId: string | undefined) {
  return useQuery({
    queryKey: ['orders', orderId],
    queryFn: async () => unwrap(await api.GET('/orders/{id}', { params: { path: { id: orderId ?? '' } } })),
    enabled: Boolean(orderId),
  });
}

/** The models the principal may use: its own and the operator's (at most 500, the API's largest page). */
export function useSubscriptionModels(enabled = true) {
  return useQuery({
    queryKey: ['subscription-models', 'all'],
    queryFn: async () =>
      unwrap(await api.GET('/subscription-models', { params: { query: { size: 500, sort: ['name,asc'] } } })).items,
    enabled,
  });
}

export type ProductOption = Pick<Listed<'/products'>, 'id' | 'genericName' | 'publisherRefId'>;

/** The products a subscription of `customerId` may hold (the customer's own), for a searchable pick by name or reference. */
export function useCustomerProducts(customerId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ['products', 'of-customer', customerId ?? 'mine'],
    queryFn: async (): Promise<ProductOption[]> => {
      const query = {
        size: 500,
        sort: ['genericName,asc'],
        target: ['genericName', 'publisherRefId'],
        ...(customerId ? { customerId } : {}),
      };
      return unwrap(await api.GET('/products', { params: { query } })).items;
    },
    enabled,
  });
}
