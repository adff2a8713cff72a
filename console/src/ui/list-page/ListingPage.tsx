import type { ReactElement } from 'react';
import type { Listed } from '../../api/client';
import type { PageOf } from '../DataTable';
import type { ListSearch } from '../list-search';
import { ListPage, type ListPageProps } from './ListPage';
import { fetchListing, filteredQuery, type ListingPath, type ListingQuery, listKeyOf } from './listing';

type Row<P extends ListingPath> = Listed<P> & { id: string; name?: string };

export interface ListingPageProps<P extends ListingPath>
  extends Omit<ListPageProps<Row<P>>, 'listKey' | 'fetchPage' | 'rowName'> {
  /** The API's listing the rows come from: the list's query cache key and its pages. */
  listing: P;
  /** The listing's query, where the filters are not each the text the URL keeps under the API's name. */
  query?: (search: ListSearch) => ListingQuery<P>;
  /** The page itself, where reading it takes more than one listing's query (a search beside the filters). */
  fetchPage?: (search: ListSearch) => Promise<PageOf<Listed<P>>>;
  /** How a row is named, when not by its `name` (or its id, without one). */
  rowName?: (row: Row<P>) => string;
}

const byName = (row: { id: string; name?: string }) => row.name ?? row.id;

/** A list of one of the API's listings: its page, its cache key and its query follow from the listing's path. */
export function ListingPage<P extends ListingPath>({
  listing,
  query,
  fetchPage,
  rowName = byName,
  ...props
}: ListingPageProps<P>): ReactElement {
  // The filters are named as the listing's parameters (ListFilter.name): by default each is one the URL sets.
  const queryOf = query ?? ((search: ListSearch) => filteredQuery(search, props.filters ?? []));
  const read = fetchPage ?? ((search: ListSearch) => fetchListing(listing, queryOf(search) as ListingQuery<P>));
  return (
    <ListPage<Row<P>>
      listKey={listKeyOf(listing)}
      fetchPage={read as (search: ListSearch) => Promise<PageOf<Row<P>>>}
      rowName={rowName}
      {...props}
    />
  );
}
