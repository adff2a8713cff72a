import { Table } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';

/** One field of a record as it reads: its label, and its value (none, or an empty text, shows as —). */
export interface RecordField {
  label: string;
  value: ReactNode;
}

const shown = (value: ReactNode) => (value === undefined || value === null || value === '' ? '—' : value);

/**
 * A record's fields, read only: a row each, its label as the row's header (so a screen reader names each value by
 * it). Entries that are `false` or undefined are fields the record does not have: they are left out.
 */
export function RecordFields({
  fields,
  labelWidth = '40%',
}: {
  fields: readonly (RecordField | false | undefined)[];
  labelWidth?: string;
}): ReactElement {
  return (
    <Table>
      <Table.Tbody>
        {fields
          .filter((field) => field !== false && field !== undefined)
          .map(({ label, value }) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w={labelWidth}>
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{shown(value)}</Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}
