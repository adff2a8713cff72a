import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { Fragment, type ReactElement, type ReactNode } from 'react';

/** What an entry's inputs change: the entry as a whole, or its removal from the list. */
export interface EntryEdit<E> {
  index: number;
  replace: (entry: E) => void;
  remove: () => void;
}

interface Props<E> {
  entries: E[];
  onChange: (entries: E[]) => void;
  /** One entry's inputs (an EntryRow, or a fieldset of its own), with the button that removes it. */
  renderEntry: (entry: E, edit: EntryEdit<E>) => ReactNode;
  /** The entry "Add" appends. */
  newEntry: () => E;
  addLabel: string;
  /** The list has no "Add" while an added entry is still blank (a map takes one blank key at most). */
  addDisabled?: boolean;
  /** Given, the list is a fieldset of its own, named by it. */
  legend?: string;
  description?: ReactNode;
  /** What the list says while it has no entry. */
  empty?: ReactNode;
  /** Why the last save refused the list as a whole. */
  error?: string;
  /** The entries are shown, neither added nor removed. */
  readOnly?: boolean;
}

/**
 * A list of like entries edited in place (labels of a locale, headers, parameters, products mapped to products): the
 * entries, why the list was refused, and a button adding a blank one.
 */
export function EntryListEditor<E>({
  entries,
  onChange,
  renderEntry,
  newEntry,
  addLabel,
  addDisabled,
  legend,
  description,
  empty,
  error,
  readOnly = false,
}: Props<E>): ReactElement {
  const edit = (index: number): EntryEdit<E> => ({
    index,
    replace: (entry) => onChange(entries.map((other, at) => (at === index ? entry : other))),
    remove: () => onChange(entries.filter((_other, at) => at !== index)),
  });
  const list = (
    <Stack gap="xs">
      {description && <Text size="sm">{description}</Text>}
      {entries.length === 0 && empty && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
      {entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an entry is known by its place, its fields (a key among them) change as it is typed.
        <Fragment key={index}>{renderEntry(entry, edit(index))}</Fragment>
      ))}
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
      {!readOnly && (
        <Group>
          <Button variant="light" size="xs" disabled={addDisabled} onClick={() => onChange([...entries, newEntry()])}>
            {addLabel}
          </Button>
        </Group>
      )}
    </Stack>
  );
  if (!legend) return list;
  return (
    <Card withBorder component="fieldset" p="sm" style={{ minWidth: 0 }}>
      <Text component="legend" fw={600} size="sm" px={4}>
        {legend}
      </Text>
      {list}
    </Card>
  );
}
