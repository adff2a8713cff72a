import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { ApiError, plainWords } from '../../api/api-error';
import { useCan } from '../../auth/principal';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { usePrebilledOrderId } from './prebilled-order';
import { runSubscriptionAction } from './run-subscription-action';
import { ACTION_LABELS, allowedActions, type RoutedAction } from './subscription-machine';
import { type Subscription, subscriptionKey } from './subscription-queries';
import { UpgradeModal } from './UpgradeModal';

/**
 * The life cycle actions the declared machine allows from the subscription's status, for a principal who may write
 * subscriptions; the ones that take something from the end user ask first.
 */
export function SubscriptionActions({ subscription }: { subscription: Subscription }): ReactElement | null {
  const can = useCan();
  const queryClient = useQueryClient();
  const prebilled = usePrebilledOrderId(subscription.id);
  const [confirming, setConfirming] = useState<RoutedAction | null>(null);
  const [upgrading, setUpgrading] = useState(false);
  const run = useMutation({
    mutationFn: ({ action, productIds }: { action: RoutedAction; productIds?: string[] }) =>
      runSubscriptionAction(action, subscription, productIds),
    onSuccess: ({ subscription: after, order }, { action }) => {
      queryClient.setQueryData(subscriptionKey(subscription.id), after);
      void queryClient.invalidateQueries({ queryKey: ['subscriptions', 'list'] });
      if (order) prebilled.set(order.id);
      setConfirming(null);
      setUpgrading(false);
      notifications.show({
        message: `${ACTION_LABELS[action].label}: done, the subscription is ${after.lifecycle?.status ?? ''}`,
        color: 'green',
      });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 412) {
        setConfirming(null);
        setUpgrading(false);
        void queryClient.invalidateQueries({ queryKey: subscriptionKey(subscription.id), exact: true });
      }
    },
  });

  if (!can('subscriptions:write')) return null;
  const allowed = allowedActions(subscription.lifecycle);
  const start = (action: RoutedAction) => {
    run.reset();
    if (action === 'upgrade') setUpgrading(true);
    else if (ACTION_LABELS[action].destructive) setConfirming(action);
    else run.mutate({ action });
  };
  const stale = run.error instanceof ApiError && run.error.status === 412;
  const pendingAction = run.isPending ? run.variables.action : null;

  return (
    <Stack gap="xs">
      <Group gap="sm" aria-label="Actions" role="group">
        {allowed.length === 0 && <Text size="sm">No action is possible from {subscription.lifecycle?.status}.</Text>}
        {allowed.map((action) => (
          <Button
            key={action}
            variant={ACTION_LABELS[action].destructive ? 'light' : 'filled'}
            color={ACTION_LABELS[action].destructive ? 'red' : undefined}
            loading={pendingAction === action && !confirming && !upgrading}
            disabled={run.isPending}
            onClick={() => start(action)}
          >
            {ACTION_LABELS[action].label}
          </Button>
        ))}
      </Group>
      {run.error && !confirming && !upgrading && (
        <Alert color={stale ? 'orange' : 'red'} role="alert">
          {stale
            ? 'Someone changed this subscription after you opened it. It is shown as it is now: check it and choose again.'
            : plainWords(run.error)}
        </Alert>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? `${ACTION_LABELS[confirming].label}?` : ''}
        error={run.error}
        confirmLabel={confirming ? ACTION_LABELS[confirming].label : ''}
        confirming={run.isPending}
        onConfirm={() => confirming && run.mutate({ action: confirming })}
      >
        {confirming && (
          <Text size="sm">
            {subscription.name ?? subscription.id}: {ACTION_LABELS[confirming].confirm}
          </Text>
        )}
      </ConfirmDialog>
      <UpgradeModal
        subscription={subscription}
        opened={upgrading}
        pending={run.isPending}
        error={run.error}
        onClose={() => setUpgrading(false)}
        onUpgrade={(productIds) => run.mutate({ action: 'upgrade', productIds })}
      />
    </Stack>
  );
}
