import { Center, Group, Loader, Pagination, Select, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { PAGE_SIZES } from './list-search';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The field the API sorts this column by. */
  sortField?: string;
}

export interface PageOf<Row> {
  items: Row[];
  number: number;
  size: number;
  totalItems: number;
  totalPages: number;
}

interface Props<Row> {
  caption: string;
  columns: Column<Row>[];
  page: PageOf<Row> | undefined;
  loading: boolean;
  rowKey: (row: Row) => string;
  /** `field,asc` or `field,desc`. */
  sort: string | undefined;
  onSort: (sort: string) => void;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  /** What an empty list says, and what to do next. */
  empty: ReactNode;
}

function SortButton({
  header,
  field,
  sort,
  onSort,
}: {
  header: string;
  field: string;
  sort: string | undefined;
  onSort: (sort: string) => void;
}) {
  const [current, direction] = (sort ?? '').split(',');
  const active = current === field;
  const next = active && direction === 'asc' ? 'desc' : 'asc';
  return (
    <UnstyledButton
      onClick={() => onSort(`${field},${next}`)}
      fw={700}
      fz="sm"
      aria-label={`Sort by ${header}, ${next === 'asc' ? 'ascending' : 'descending'}`}
    >
      {header} {active ? (direction === 'asc' ? '▲' : '▼') : ''}
    </UnstyledButton>
  );
}

/** A page of records from a server-side listing: sortable columns, paging, page size, an empty state. */
export function DataTable<Row>({
  caption,
  columns,
  page,
  loading,
  rowKey,
  sort,
  onSort,
  onPage,
  onSize,
  empty,
}: Props<Row>) {
  if (loading && !page) {
    return (
      <Center p="xl">
        <Loader aria-label={`Loading ${caption}`} />
      </Center>
    );
  }
  if (page && page.totalItems === 0) return <Center p="xl">{empty}</Center>;
  return (
    <>
      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover aria-busy={loading}>
          <VisuallyHidden component="caption">{caption}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th
                  key={column.header}
                  aria-sort={
                    column.sortField && sort?.startsWith(`${column.sortField},`)
                      ? sort.endsWith(',asc')
                        ? 'ascending'
                        : 'descending'
                      : undefined
                  }
                >
                  {column.sortField ? (
                    <SortButton header={column.header} field={column.sortField} sort={sort} onSort={onSort} />
                  ) : (
                    column.header
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page?.items.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {page && (
        <Group justify="space-between" mt="md" wrap="wrap">
          <Text size="sm" c="dimmed">
            {page.totalItems} in all
          </Text>
          <Group>
            <Pagination
              total={page.totalPages}
              value={page.number + 1}
              onChange={(value) => onPage(value - 1)}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
            <Select
              aria-label="Rows per page"
              data={PAGE_SIZES}
              value={String(page.size)}
              onChange={(value) => value && onSize(Number(value))}
              w={80}
              allowDeselect={false}
            />
          </Group>
        </Group>
      )}
    </>
  );
}
