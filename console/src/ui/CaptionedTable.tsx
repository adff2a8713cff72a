import { Table } from '@mantine/core';
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import type { Column } from './DataTable';
import { scrollRegion } from './scroll-region';

/** A column of a small table: its header, its cell, and how its cells lay out. */
export interface TableColumn<Row> extends Pick<Column<Row>, 'header' | 'cell'> {
  style?: CSSProperties;
}

/** Cells of long values (ids, paths, messages) break anywhere rather than widen the table. */
export const WRAP_ANYWHERE: CSSProperties = { overflowWrap: 'anywhere' };
/** Cells of short values (a date, a status) stay on one line, as narrow as they can. */
export const ONE_LINE: CSSProperties = { whiteSpace: 'nowrap', width: 1 };

/**
 * A few rows of a record's data, shown whole (no sorting or paging, unlike DataTable; a cell may hold an input): a
 * visible caption names the table, and its scroll area, when a narrow screen makes it scroll sideways. Without rows,
 * `empty` says so instead.
 */
export function CaptionedTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  minWidth = 320,
  striped = false,
  empty,
}: {
  caption: string;
  columns: TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  minWidth?: number;
  striped?: boolean;
  empty?: ReactNode;
}): ReactElement {
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={scrollRegion(caption)}>
      <Table striped={striped} captionSide="top">
        <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={rowKey(row, index)}>
              {columns.map((column) => (
                <Table.Td key={column.header} style={column.style}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
