import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactElement } from 'react';

/** A table's header row, a heading per column; `actions`: a last column of buttons, named for screen readers only. */
export function TableHead({ columns, actions = false }: { columns: string[]; actions?: boolean }): ReactElement {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column}>{column}</Table.Th>
        ))}
        {actions && (
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        )}
      </Table.Tr>
    </Table.Thead>
  );
}
