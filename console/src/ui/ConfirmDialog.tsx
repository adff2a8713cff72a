import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { plainWords } from '../api/api-error';

/**
 * Asks before an action that cannot be undone: what it will do (`children`), why the last try failed, then "Keep it"
 * (focused, so Enter keeps) and the action's button.
 */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  error,
  confirmLabel,
  confirming,
  onConfirm,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  error: unknown;
  confirmLabel: string;
  /** The action is under way. */
  confirming: boolean;
  onConfirm: () => void;
  children: ReactNode;
}): ReactElement {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        {children}
        {Boolean(error) && (
          <Text c="red.8" size="sm" role="alert">
            {plainWords(error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Keep it
          </Button>
          <Button color="red.9" loading={confirming} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
