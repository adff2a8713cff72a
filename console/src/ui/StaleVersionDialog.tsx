import { Button, Group, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { type FieldLabel, readableField } from './field-labels';
import { type FieldMerge, fieldMerges, mergeEdit } from './record-merge';
import { TableHead } from './TableHead';
import type { Conflict } from './versioned-record';

const doc = (value: object): Record<string, unknown> => ({ ...value });

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
  labelOf,
}: {
  rows: FieldMerge[];
  labelOf: FieldLabel;
  keepStored: ReadonlySet<string>;
  onChoose: (field: string, stored: boolean) => void;
}) {
  return (
    <Table.Tbody>
      {rows.map((row) => (
        <Table.Tr key={row.field}>
          <Table.Td>{labelOf(row.path)}</Table.Td>
          <Table.Td style={{ wordBreak: 'break-all' }}>{shown(row.mine)}</Table.Td>
          <Table.Td style={{ wordBreak: 'break-all' }}>{shown(row.theirs)}</Table.Td>
          <Table.Td>
            {row.changedBy === 'both' ? (
              <SegmentedControl
                size="xs"
                aria-label={`Value of ${labelOf(row.path)} to save`}
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
 * A save answered 412: someone saved the record after the edit started from `conflict.base`. Shows field by field what
 * the edit and the other save changed, and saves the edit's fields over the stored record: fields the edit did not
 * touch keep what was saved meanwhile, and a field both changed is chosen per field. Reload drops the edit.
 */
export function StaleVersionDialog<D extends object>({
  conflict,
  labelOf = readableField,
}: {
  conflict: Conflict<D> | undefined;
  /** How each field reads (the form's labels); by default its path in words. */
  labelOf?: FieldLabel;
}) {
  const [keepStored, setKeepStored] = useState<ReadonlySet<string>>(new Set());
  const choose = (field: string, stored: boolean) =>
    setKeepStored((current) => {
      const next = new Set(current);
      if (stored) next.add(field);
      else next.delete(field);
      return next;
    });
  const theirs = conflict?.theirs;
  const rows = conflict && theirs ? fieldMerges(doc(conflict.base), doc(conflict.mine), doc(theirs)) : [];
  return (
    <Modal
      opened={conflict !== undefined}
      onClose={() => conflict?.close()}
      title="Someone saved this record after you opened it"
      size="lg"
    >
      <Stack>
        <Text size="sm">
          The record is now at version {String(theirs?.dbVersion ?? '?')}. Saving keeps their changes to the fields you
          did not edit; where you both changed a field, choose the value to save.
        </Text>
        <Table.ScrollContainer minWidth={400}>
          <Table>
            <TableHead columns={['Field', 'Your edit', 'Saved now', 'Saved as']} />
            <MergeRows rows={rows} keepStored={keepStored} onChoose={choose} labelOf={labelOf} />
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => conflict?.reload()}>
            Reload (drop my edit)
          </Button>
          <Button
            disabled={!theirs}
            onClick={() =>
              conflict && theirs && conflict.keep(mergeEdit(doc(conflict.base), conflict.mine, doc(theirs), keepStored))
            }
          >
            Save my changes over theirs
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
