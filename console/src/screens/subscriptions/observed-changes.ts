import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ObservedChange } from './subscription-timeline';

const key = (subscriptionId: string) => ['subscriptions', subscriptionId, 'observed-changes'] as const;

/**
 * The changes made from this console to a subscription, kept while the tab lives: the API answers each action with the
 * subscription after it, but keeps no history, so the timeline would otherwise lose every step but the last.
 */
export function useObservedChanges(subscriptionId: string) {
  const queryClient = useQueryClient();
  const changes =
    useQuery({
      queryKey: key(subscriptionId),
      queryFn: (): ObservedChange[] => [],
      staleTime: Infinity,
      gcTime: Infinity,
    }).data ?? [];
  const add = (change: ObservedChange) =>
    queryClient.setQueryData<ObservedChange[]>(key(subscriptionId), (previous = []) => [...previous, change]);
  return { changes, add };
}

const orderKey = (subscriptionId: string) => ['subscriptions', subscriptionId, 'prebilled-order'] as const;

/** The order the last pre-billing from this tab answered (the subscription records only when it was pre-billed). */
export function usePrebilledOrderId(subscriptionId: string) {
  const queryClient = useQueryClient();
  const orderId =
    useQuery({
      queryKey: orderKey(subscriptionId),
      queryFn: (): string | null => null,
      staleTime: Infinity,
      gcTime: Infinity,
    }).data ?? null;
  const set = (id: string) => queryClient.setQueryData(orderKey(subscriptionId), id);
  return { orderId, set };
}
