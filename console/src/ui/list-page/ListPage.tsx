import { Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkOptions } from '@tanstack/react-router';
import { type ReactElement, type ReactNode, useCallback, useMemo, useRef } from 'react';
import { plainWords } from '../../api/api-error';
import { type Column, DataTable } from '../DataTable';
import { BulkBar, BulkOutcomeAlert } from './BulkBar';
import { type BulkRun, useBulkRun } from './bulk-run';
import { ColumnsPicker } from './ColumnsPicker';
import { type CreateAction, useCreateAction } from './create-action';
import { activeFilters, type ListFilter, ListFilters } from './list-filters';
import { effectiveSearch, type ListSource, listQuery } from './list-query';
import { hiddenColumns, useListUrl } from './list-url';
import { type NameHeader, nameColumn } from './name-column';
import { useRowKeys } from './row-keys';
import { useRowSelection } from './row-selection';
import { SavedViews } from './SavedViews';

export interface ListPageProps<Row extends { id: string }> extends ListSource<Row> {
  /** The page's heading, the table's caption and the name its saved views are kept under. */
  title: string;
  /** The table's caption, when it is not the heading. */
  caption?: string;
  columns: Column<Row>[];
  /** How a row is named: in its checkbox, in a bulk action's failures, and in the first column when `link` is set. */
  rowName: (row: Row) => string;
  /** The row's page: the first column then names each row, linked to it. */
  link?: (row: Row) => LinkOptions;
  /** That column's header and sort, when not "Name" by `name`. */
  nameHeader?: NameHeader;
  filters?: readonly ListFilter[];
  /** What a row is, in words ("price function"): an empty list says there is none, or none that matches. */
  noun: string;
  /** What to do about an empty list (drop a file), when it is not to create one with `create`. */
  emptyHint?: string;
  /** The buttons beside the heading (import, another list), before `create`'s. */
  actions?: ReactNode;
  /** How a new record is made: the last button beside the heading, and the empty list's hint. */
  create?: CreateAction;
  /** What stands between the heading and the filters (a sentence, an upload zone). */
  intro?: ReactNode;
  /** The bulk actions on the rows picked; a list without them has no checkboxes. */
  bulkActions?: (rows: Row[], bulk: BulkRun<Row>) => ReactNode;
  refetchInterval?: number;
  /** Dialogs the actions open. */
  children?: ReactNode;
}

/** The list's state (the URL's, with the default sort), its page as the API answers it, and the rows picked. */
function useListState<Row extends { id: string }>(props: ListPageProps<Row>) {
  const queryClient = useQueryClient();
  // A typed search or a new filter starts reading its page as the change is made: the router's navigation (60-140 ms
  // on this 2-core machine) no longer comes before the request.
  const url = useListUrl((next) => void queryClient.prefetchQuery(listQuery(props, next)));
  const query = listQuery(props, url.search);
  const list = useQuery({ ...query, placeholderData: keepPreviousData, refetchInterval: props.refetchInterval });
  const { sort } = effectiveSearch(props, url.search);
  const rows = list.data?.items ?? [];
  const selection = useRowSelection(
    rows.map((row) => row.id),
    JSON.stringify(query.queryKey.at(-1)),
  );
  const table = useRef<HTMLTableElement>(null);
  useRowKeys(table, rows.length, props.bulkActions ? (index) => selection.toggle(index, false) : () => undefined);
  return { ...url, sort, list, selection, table, picked: rows.filter((row) => selection.selected.has(row.id)) };
}

const NO_FILTERS: readonly ListFilter[] = [];

/**
 * The columns (the name column first when rows link to their page), and those shown. They stay the same objects
 * while what they are made of does, so the table's rows skip their render when only the URL changed.
 */
function useColumns<Row extends { id: string }>(props: ListPageProps<Row>, hidden: ReadonlySet<string>) {
  const { columns, link, rowName, nameHeader } = props;
  const { header = 'Name', sortField = nameHeader ? undefined : 'name' } = nameHeader ?? {};
  const all = useMemo(
    () => (link ? [nameColumn({ header, sortField }, link, rowName), ...columns] : columns),
    [columns, link, rowName, header, sortField],
  );
  const shown = useMemo(() => all.filter((column) => !hidden.has(column.header)), [all, hidden]);
  const headers = useMemo(() => all.map((column) => column.header), [all]);
  return { all, shown, headers };
}

/**
 * The page every list of the console is: heading, filters, saved views, columns, the table with its sort and paging,
 * rows picked for bulk actions, keys to move through the rows, and the empty and error states. The state is the
 * URL's; a screen declares its columns, filters and query.
 */
export function ListPage<Row extends { id: string }>(props: ListPageProps<Row>): ReactElement {
  const { title, rowName, filters = NO_FILTERS, noun } = props;
  const { search, set, setPage, replace, sort, list, selection, table, picked } = useListState(props);
  const bulk = useBulkRun(rowName, props.listKey);
  const creation = useCreateAction(props.create, noun);
  const hidden = useMemo(() => hiddenColumns(search.hidden), [search.hidden]);
  const columns = useColumns(props, hidden);
  const onHidden = useCallback((headers: string[]) => set({ hidden: headers.join(',') || undefined }), [set]);
  const onSort = useCallback((next: string) => set({ sort: next }), [set]);
  const onSize = useCallback((size: number) => set({ size }), [set]);
  const empty = activeFilters(filters, search).length
    ? `No ${noun} matches these filters: clear one to see more.`
    : `No ${noun} yet. ${props.emptyHint ?? creation.hint ?? ''}`;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{title}</Title>
        {(props.actions || creation.button) && (
          <Group gap="xs">
            {props.actions}
            {creation.button}
          </Group>
        )}
      </Group>
      {props.intro}
      <ListFilters filters={filters} search={search} set={set} />
      <Group justify="space-between" align="end" wrap="wrap">
        <SavedViews list={title} search={search} replace={replace} />
        <ColumnsPicker headers={columns.headers} hidden={hidden} onHidden={onHidden} />
      </Group>
      {props.bulkActions && picked.length > 0 && (
        <BulkBar count={picked.length} progress={bulk.progress} onClear={selection.clear}>
          {props.bulkActions(picked, bulk)}
        </BulkBar>
      )}
      {bulk.outcome && <BulkOutcomeAlert outcome={bulk.outcome} onClose={bulk.dismiss} />}
      {list.error ? (
        <Text c="red.8" role="alert">
          {plainWords(list.error)}
        </Text>
      ) : (
        <DataTable
          caption={props.caption ?? title}
          columns={columns.shown}
          page={list.data}
          loading={list.isFetching}
          rowKey={(row) => row.id}
          sort={sort}
          onSort={onSort}
          onPage={setPage}
          onSize={onSize}
          empty={<Text>{empty}</Text>}
          picking={props.bulkActions ? { selection, rowName } : undefined}
          tableRef={table}
        />
      )}
      {creation.dialog}
      {props.children}
    </Stack>
  );
}
