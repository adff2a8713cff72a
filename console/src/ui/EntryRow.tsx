import { ActionIcon, Group } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactElement, ReactNode } from 'react';

/** One entry of an EntryListEditor on a line: its inputs, then the button removing it (none while read-only). */
export function EntryRow({
  removeLabel,
  onRemove,
  readOnly = false,
  children,
}: {
  /** The remove button's accessible name: which entry it removes ("Remove header 2"). */
  removeLabel: string;
  onRemove: () => void;
  readOnly?: boolean;
  children: ReactNode;
}): ReactElement {
  return (
    <Group align="end" gap="xs" wrap="wrap">
      {children}
      {!readOnly && (
        <ActionIcon variant="subtle" color="red" size="lg" onClick={onRemove} aria-label={removeLabel}>
          <IconTrash size={18} />
        </ActionIcon>
      )}
    </Group>
  );
}
