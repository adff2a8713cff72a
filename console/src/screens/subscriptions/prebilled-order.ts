import { useQuery, useQueryClient } from '@tanstack/react-query';

const orderKey = (subscriptionId: string) => ['subscriptions', subscriptionId, 'prebilled-order'] as const;

/**
 * The order the last pre-billing from this tab answered: the subscription records only when it was pre-billed, and
 * the order names its subscription, not the other way round.
 */
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
