import { Code, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { MutationButton } from '../../ui/MutationButton';
import { SecretOnce } from '../../ui/SecretOnce';
import { SectionCard } from '../../ui/SectionCard';
import { keys } from './notification-queries';

type Receiver = Schemas['NotificationReceiver'];

/**
 * The web hook signing secret: rotating it shows the new one once; the previous one keeps signing beside it until
 * its grace period ends, so the receiver can switch without losing a delivery.
 */
export function SigningSecretCard({ receiver, canWrite }: { receiver: Receiver; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const rotate = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/notification-receivers/{id}/signing-secret', {
          params: { path: { id: receiver.id } },
          headers: { 'idempotency-key': crypto.randomUUID() },
        }),
      ),
    onSuccess: (rotated) => {
      // The cached record keeps the mask: the secret in clear lives in this card only, until the page is left. The
      // receiver's editor follows the new version (or, while edited, merges with it on save).
      queryClient.setQueryData([...keys.receivers, receiver.id], { ...rotated, signingSecret: receiver.signingSecret });
    },
  });
  const grace = rotate.data?.previousSigningSecretExpiresAt ?? receiver.previousSigningSecretExpiresAt;
  return (
    <SectionCard title="Signing secret">
      <Stack gap="sm">
        <Text size="sm">
          Each web hook is signed (Standard Webhooks: <Code>webhook-signature</Code>) with this receiver's secret, shown
          only when it is created or rotated.
        </Text>
        {rotate.data?.signingSecret ? (
          <SecretOnce label="New signing secret" secret={rotate.data.signingSecret} />
        ) : (
          <Text size="sm">
            Stored: <Code>{receiver.signingSecret ?? 'none'}</Code>
          </Text>
        )}
        {grace && (
          <Text size="sm" c="dimmed">
            The previous secret keeps signing beside the new one until {new Date(grace).toLocaleString()}: switch the
            receiver to the new one before then.
          </Text>
        )}
        {canWrite && (
          <MutationButton mutation={rotate} variant="default" style={{ alignSelf: 'start' }}>
            Rotate signing secret
          </MutationButton>
        )}
      </Stack>
    </SectionCard>
  );
}
