import type { QueryClient } from '@tanstack/react-query';
import type { PageOf } from '../DataTable';
import { type ListSearch, NEWEST_FIRST } from '../list-search';

/** Where a list's pages come from: its query cache key, how a page is read, and its order when none is picked. */
export interface ListSource<Row> {
  /** The query cache's key of the list (its pages are kept under it, with their state); a bulk action refreshes it. */
  listKey: readonly unknown[];
  fetchPage: (search: ListSearch) => Promise<PageOf<Row>>;
  /** The order without a sort picked: newest first, unless the list says otherwise (undefined: the API's order). */
  defaultSort?: (search: ListSearch) => string | undefined;
  /** Whether the API sorts this listing at all. */
  sortable?: boolean;
}

const newestFirst = () => NEWEST_FIRST;

/** The URL's state with the sort the list shows (the one picked, else its default). */
export function effectiveSearch(source: Pick<ListSource<unknown>, 'defaultSort' | 'sortable'>, search: ListSearch) {
  const { defaultSort = newestFirst, sortable = true } = source;
  const sort = sortable ? (search.sort ?? defaultSort(search)) : undefined;
  return { ...search, sort };
}

/** The query of the list's page for the URL's state: the list page and a prefetch name the same entry. */
export function listQuery<Row>(source: ListSource<Row>, search: ListSearch) {
  const effective = effectiveSearch(source, search);
  return { queryKey: [...source.listKey, effective], queryFn: () => source.fetchPage(effective) };
}

/**
 * Reads the list's page as the navigation to it starts, while the list's code is still loading, so that the page
 * waits for the slower of the two instead of one after the other. Never awaited: the navigation does not wait.
 */
export const prefetchList =
  <Row>(source: ListSource<Row>) =>
  (queryClient: QueryClient, search: ListSearch): void => {
    void queryClient.prefetchQuery(listQuery(source, search));
  };
