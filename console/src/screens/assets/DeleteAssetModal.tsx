import { Code, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

type Asset = Listed<'/assets'>;

/** Asks before deleting an asset: its public link stops working for everyone who has it. */
export function DeleteAssetModal({ asset, onClose }: { asset: Asset | undefined; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/assets', { body: { ids: [id] } })),
    onSuccess: async (outcome) => {
      await queryClient.invalidateQueries({ queryKey: ['assets'] });
      notifications.show({
        message: outcome.deleted.length ? `${asset?.filename ?? 'The asset'} deleted` : 'It was already gone',
        color: outcome.deleted.length ? 'green' : 'yellow',
      });
      close();
    },
  });
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={asset !== undefined}
      onClose={close}
      title="Delete this asset?"
      error={remove.error}
      confirmLabel="Delete"
      confirming={remove.isPending}
      onConfirm={() => asset && remove.mutate(asset.id)}
    >
      <Text size="sm">
        <strong>{asset?.filename}</strong> will be deleted, and its public link will answer “not found” to everyone who
        has it (pages, e-mails, products that show it).
      </Text>
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {asset?.url}
      </Code>
    </ConfirmDialog>
  );
}
