import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';

type Doc = Record<string, unknown>;

/** Top-level fields whose values differ between two versions of a record (server fields left out). */
export function changedFields(mine: Doc, theirs: Doc): string[] {
  const skip = new Set(['dbVersion', 'updateDate', 'createDate', 'id']);
  const names = new Set([...Object.keys(mine), ...Object.keys(theirs)]);
  return [...names]
    .filter((name) => !skip.has(name) && JSON.stringify(mine[name]) !== JSON.stringify(theirs[name]))
    .sort();
}

const shown = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * A save answered 412: someone saved the record after it was opened. Shows what differs between the edit and the
 * record now, then reloads (dropping the edit) or overwrites (saving the edit over the current version).
 */
export function StaleVersionDialog({
  opened,
  mine,
  theirs,
  onReload,
  onOverwrite,
  onClose,
}: {
  opened: boolean;
  mine: Doc;
  theirs: Doc | undefined;
  onReload: () => void;
  onOverwrite: () => void;
  onClose: () => void;
}) {
  const fields = theirs ? changedFields(mine, theirs) : [];
  return (
    <Modal opened={opened} onClose={onClose} title="Someone saved this record after you opened it" size="lg">
      <Stack>
        <Text size="sm">
          The record is now at version {String(theirs?.dbVersion ?? '?')}. These fields differ between your edit and the
          saved record:
        </Text>
        <Table.ScrollContainer minWidth={400}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Field</Table.Th>
                <Table.Th>Your edit</Table.Th>
                <Table.Th>Saved now</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((field) => (
                <Table.Tr key={field}>
                  <Table.Td>{field}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{shown(mine[field])}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{shown(theirs?.[field])}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button variant="default" onClick={onReload}>
            Reload (drop my edit)
          </Button>
          <Button color="red" onClick={onOverwrite}>
            Overwrite with my edit
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
