import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { plainWords, unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';

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
    <Modal opened={asset !== undefined} onClose={close} title="Delete this asset?">
      <Stack>
        <Text size="sm">
          <strong>{asset?.filename}</strong> will be deleted, and its public link will answer “not found” to everyone
          who has it (pages, e-mails, products that show it).
        </Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {asset?.url}
        </Code>
        {remove.error && (
          <Text c="red.8" size="sm" role="alert">
            {plainWords(remove.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-autofocus>
            Keep it
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => asset && remove.mutate(asset.id)}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
