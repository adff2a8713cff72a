import { Group, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { MutationButton } from '../../ui/MutationButton';
import { keys } from './notification-queries';

type Delivery = Schemas['Notification'];

/** How long the page waits for a worker to make the try before saying it is queued. */
const PATIENCE_MS = 30_000;

/**
 * Deliver again (`POST /notifications/{id}/retry`): the record becomes due now, and a delivery worker tries it. The
 * button shows progress until the try is recorded (its try count grows), then what it answered.
 */
export function DeliverAgainButton({
  delivery,
  onWaiting,
}: {
  delivery: Delivery;
  onWaiting: (waiting: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [awaiting, setAwaiting] = useState<{ tries: number; since: number }>();
  const retry = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/notifications/{id}/retry', {
          params: { path: { id: delivery.id } },
          headers: { 'idempotency-key': crypto.randomUUID() },
        }),
      ),
    onSuccess: (due) => {
      queryClient.setQueryData([...keys.deliveries, delivery.id], due);
      setAwaiting({ tries: due.retryCount, since: Date.now() });
    },
  });

  useEffect(() => onWaiting(awaiting !== undefined), [awaiting, onWaiting]);
  useEffect(() => {
    if (!awaiting) return;
    if (delivery.retryCount > awaiting.tries) {
      setAwaiting(undefined);
      void queryClient.invalidateQueries({
        queryKey: keys.deliveries,
        predicate: (query) => query.queryKey[1] === 'list',
      });
      notifications.show({
        message:
          delivery.status === 'SUCCESS'
            ? `Delivered again: ${delivery.webHookResponse ?? delivery.status}`
            : `The try failed: ${delivery.errors.at(-1)?.error ?? delivery.status}`,
        color: delivery.status === 'SUCCESS' ? 'green' : 'red',
      });
    } else if (Date.now() - awaiting.since > PATIENCE_MS) {
      setAwaiting(undefined);
      notifications.show({
        message: 'Queued: no delivery worker has tried it yet. The log shows the try once it is made.',
        color: 'yellow',
      });
    }
  }, [delivery, awaiting, queryClient]);

  return (
    <Group gap="sm">
      <MutationButton mutation={retry} busy={awaiting !== undefined} loaderProps={{ type: 'dots' }}>
        Deliver again
      </MutationButton>
      {awaiting && (
        <Group gap={6} role="status">
          <Loader size="xs" />
          <Text size="sm">Delivering…</Text>
        </Group>
      )}
    </Group>
  );
}
