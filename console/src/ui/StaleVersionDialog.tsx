import { Button, Group, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { type FieldMerge, fieldMerges, mergeEdit } from './record-merge';

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

const CHANGED_BY: Record<FieldMerge['changedBy'], string> = {
  me: 'your edit is saved',
  them: 'their change is kept',
  both: 'both changed it',
};

function MergeRows({
  rows,
  keepStored,
  onChoose,
}: {
  rows: FieldMerge[];
  keepStored: ReadonlySet<string>;
  onChoose: (field: string, stored: boolean) => void;
}) {
  return (
    <Table.Tbody>
      {rows.map((row) => (
        <Table.Tr key={row.field}>
          <Table.Td>{row.field}</Table.Td>
          <Table.Td style={{ wordBreak: 'break-all' }}>{shown(row.mine)}</Table.Td>
          <Table.Td style={{ wordBreak: 'break-all' }}>{shown(row.theirs)}</Table.Td>
          <Table.Td>
            {row.changedBy === 'both' ? (
              <SegmentedControl
                size="xs"
                aria-label={`Value of ${row.field} to save`}
                value={keepStored.has(row.field) ? 'stored' : 'mine'}
                onChange={(value) => onChoose(row.field, value === 'stored')}
                data={[
                  { value: 'mine', label: 'Mine' },
                  { value: 'stored', label: 'Saved' },
                ]}
              />
            ) : (
              <Text size="sm">{CHANGED_BY[row.changedBy]}</Text>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

/**
 * A save answered 412: someone saved the record after it was opened. With `base` (the version the edit started
 * from), shows field by field what the edit and the other save changed, and saves the edit's fields over the stored
 * record: fields the edit did not touch keep what was saved meanwhile, and a field both changed is chosen per field.
 * Without it (editors not yet moved to the merge), shows what differs and overwrites with the edit whole. Reload
 * drops the edit either way.
 */
export function StaleVersionDialog<T extends object>({
  opened,
  base,
  mine,
  theirs,
  onReload,
  onOverwrite,
  onClose,
}: {
  opened: boolean;
  base?: Doc;
  mine: T;
  theirs: Doc | undefined;
  onReload: () => void;
  /** Saves `merged` (with `base`: the stored record and the edit's fields; without: the edit). */
  onOverwrite: (merged: T) => void;
  onClose: () => void;
}) {
  const [keepStored, setKeepStored] = useState<ReadonlySet<string>>(new Set());
  const choose = (field: string, stored: boolean) =>
    setKeepStored((current) => {
      const next = new Set(current);
      if (stored) next.add(field);
      else next.delete(field);
      return next;
    });
  const edit: Doc = { ...(mine as object) };
  const rows = base && theirs ? fieldMerges(base, edit, theirs) : [];
  const fields = !base && theirs ? changedFields(edit, theirs) : [];
  return (
    <Modal opened={opened} onClose={onClose} title="Someone saved this record after you opened it" size="lg">
      <Stack>
        <Text size="sm">
          The record is now at version {String(theirs?.dbVersion ?? '?')}.{' '}
          {base
            ? 'Saving keeps their changes to the fields you did not edit; where you both changed a field, choose the value to save.'
            : 'These fields differ between your edit and the saved record:'}
        </Text>
        <Table.ScrollContainer minWidth={400}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Field</Table.Th>
                <Table.Th>Your edit</Table.Th>
                <Table.Th>Saved now</Table.Th>
                {base && <Table.Th>Saved as</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            {base ? (
              <MergeRows rows={rows} keepStored={keepStored} onChoose={choose} />
            ) : (
              <Table.Tbody>
                {fields.map((field) => (
                  <Table.Tr key={field}>
                    <Table.Td>{field}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{shown(edit[field])}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{shown(theirs?.[field])}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            )}
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button variant="default" onClick={onReload}>
            Reload (drop my edit)
          </Button>
          {base ? (
            <Button onClick={() => theirs && onOverwrite(mergeEdit(base, mine, theirs, keepStored))}>
              Save my changes over theirs
            </Button>
          ) : (
            <Button color="red" onClick={() => onOverwrite(mine)}>
              Overwrite with my edit
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
