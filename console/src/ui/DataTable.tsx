import {
  Center,
  Checkbox,
  Group,
  Loader,
  Pagination,
  Select,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { memo, type ReactNode, type Ref, useCallback, useRef } from 'react';
import type { RowSelection } from './list-page/row-selection';
import { PAGE_SIZES } from './list-search';

export interface Column<Row> {
  /** Its header, which also names it in the URL's hidden columns and in saved views. */
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

/** Rows a person may pick (for bulk actions), each named for the checkbox that picks it. */
export interface Picking<Row> {
  selection: RowSelection;
  rowName: (row: Row) => string;
}

interface Props<Row> {
  caption: string;
  columns: Column<Row>[];
  page: PageOf<Row> | undefined;
  loading: boolean;
  rowKey: (row: Row) => string;
  /** `field,asc` or `field,desc`; undefined when the list cannot be sorted. */
  sort: string | undefined;
  onSort: (sort: string) => void;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  /** What an empty list says, and what to do next. */
  empty: ReactNode;
  picking?: Picking<Row>;
  tableRef?: Ref<HTMLTableElement>;
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

const ariaSort = (field: string | undefined, sort: string | undefined) =>
  field && sort?.startsWith(`${field},`) ? (sort.endsWith(',asc') ? 'ascending' : 'descending') : undefined;

const Paging = memo(function Paging({
  page,
  onPage,
  onSize,
}: {
  page: PageOf<unknown>;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}) {
  return (
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
  );
});

/** Props of plain values and stable functions, so that `memo`'s shallow comparison tells when to render again. */
interface RowProps<Row> {
  row: Row;
  index: number;
  columns: Column<Row>[];
  /** The name its checkbox is read by, when rows are picked. */
  pickName: string | undefined;
  picked: boolean;
  onPick: (index: number, range: boolean) => void;
}

interface HeadProps<Row> {
  columns: Column<Row>[];
  sort: string | undefined;
  onSort: (sort: string) => void;
  /** Whether rows are picked (the page's checkbox), and whether every row, or some, are. */
  picking: boolean;
  allPicked: boolean;
  somePicked: boolean;
  onPickAll: () => void;
}

/**
 * One row. It renders again only when its record, the columns or its pick change: a new search or page first
 * renders the rows already shown (kept while the next page loads), and those renders are then all skipped. A
 * screen whose cells read more than the row passes new columns when that changes (ListPage memoizes them).
 */
const DataRow = memo(function DataRow<Row>({ row, index, columns, pickName, picked, onPick }: RowProps<Row>) {
  return (
    <Table.Tr data-row-index={index} tabIndex={-1}>
      {pickName !== undefined && (
        <Table.Td>
          <Checkbox
            aria-label={`Select ${pickName}`}
            checked={picked}
            onChange={(event) => onPick(index, (event.nativeEvent as MouseEvent).shiftKey === true)}
          />
        </Table.Td>
      )}
      {columns.map((column) => (
        <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
      ))}
    </Table.Tr>
  );
}) as <Row>(props: RowProps<Row>) => ReactNode; // memo's own type drops the type parameter

/** The header: each column's name, with its sort where it has one, and the page's checkbox when rows are picked. */
const HeadRow = memo(function HeadRow<Row>({
  columns,
  sort,
  onSort,
  picking,
  allPicked,
  somePicked,
  onPickAll,
}: HeadProps<Row>) {
  return (
    <Table.Thead>
      <Table.Tr>
        {picking && (
          <Table.Th w={40}>
            <Checkbox
              aria-label="Select every row of this page"
              checked={allPicked}
              indeterminate={somePicked}
              onChange={onPickAll}
            />
          </Table.Th>
        )}
        {columns.map((column) => (
          <Table.Th key={column.header} aria-sort={ariaSort(column.sortField, sort)}>
            {column.sortField ? (
              <SortButton header={column.header} field={column.sortField} sort={sort} onSort={onSort} />
            ) : (
              column.header
            )}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}) as <Row>(props: HeadProps<Row>) => ReactNode; // memo's own type drops the type parameter

/** The page's checkbox's action as one function for the table's life. */
function usePickAll(selection: RowSelection | undefined): () => void {
  const current = useRef(selection);
  current.current = selection;
  return useCallback(() => current.current?.togglePage(), []);
}

/** The selection's toggle as one function for the table's life, so that a pick does not render every row again. */
function usePick(selection: RowSelection | undefined): (index: number, range: boolean) => void {
  const current = useRef(selection);
  current.current = selection;
  return useCallback((index: number, range: boolean) => current.current?.toggle(index, range), []);
}

/**
 * A page of records from a server-side listing: sortable columns, paging, page size, an empty state; rows that take
 * the keyboard's focus (the list page moves it), and a checkbox per row when the list has bulk actions.
 */
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
  picking,
  tableRef,
}: Props<Row>) {
  const onPick = usePick(picking?.selection);
  const onPickAll = usePickAll(picking?.selection);
  if (loading && !page) {
    return (
      <Center p="xl">
        <Loader aria-label={`Loading ${caption}`} />
      </Center>
    );
  }
  if (page && page.totalItems === 0) return <Center p="xl">{empty}</Center>;
  const selection = picking?.selection;
  return (
    <>
      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover aria-busy={loading} ref={tableRef} className="data-table">
          <VisuallyHidden component="caption">{caption}</VisuallyHidden>
          <HeadRow
            columns={columns}
            sort={sort}
            onSort={onSort}
            picking={selection !== undefined}
            allPicked={selection?.allPicked ?? false}
            somePicked={selection?.somePicked ?? false}
            onPickAll={onPickAll}
          />
          <Table.Tbody>
            {page?.items.map((row, index) => (
              <DataRow
                key={rowKey(row)}
                row={row}
                index={index}
                columns={columns}
                pickName={picking?.rowName(row)}
                picked={picking?.selection.selected.has(rowKey(row)) ?? false}
                onPick={onPick}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {page && <Paging page={page} onPage={onPage} onSize={onSize} />}
    </>
  );
}
