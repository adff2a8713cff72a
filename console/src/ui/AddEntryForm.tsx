import { Button, Group, Text } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';

/**
 * The row under a list being edited that adds one entry to it (a locale, a price): its inputs side by side, the add
 * button, and why the entry was refused. A form of its own, so Enter in an input adds the entry.
 */
export function AddEntryForm({
  onAdd,
  addLabel,
  problem,
  children,
}: {
  onAdd: () => void;
  addLabel: string;
  problem: string | undefined;
  children: ReactNode;
}): ReactElement {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onAdd();
      }}
    >
      <Group align="end">
        {children}
        <Button type="submit" variant="light">
          {addLabel}
        </Button>
      </Group>
      {problem && (
        <Text c="red" size="sm" role="alert" mt="xs">
          {problem}
        </Text>
      )}
    </form>
  );
}
