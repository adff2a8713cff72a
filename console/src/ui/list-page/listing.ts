import { unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import type { paths } from '../../api/openapi';
import type { PageOf } from '../DataTable';
import { type ListSearch, pageQuery } from '../list-search';
import type { ListFilter } from './list-filters';

/** The API's listing operations: a GET whose answer is a page of `items`. */
export type ListingPath = {
  [P in keyof paths]: paths[P] extends {
    get: { responses: { 200: { content: { 'application/json': { items: unknown[] } } } } };
  }
    ? P
    : never;
}[keyof paths];

/** The query a listing operation takes: paging, sort, projection and its filters. */
export type ListingQuery<P extends ListingPath> = paths[P] extends { get: { parameters: { query?: infer Query } } }
  ? NonNullable<Query>
  : never;

/** The name of a filter a listing operation takes, as its list's URL and its query both call it. */
export type ListingFilter<P extends ListingPath> = Extract<keyof ListingQuery<P>, string>;

/** The filters of a listing its list's URL keeps, by the operation's names: one it does not take fails the type check. */
export const listingFilters = <P extends ListingPath, const Names extends readonly ListingFilter<P>[]>(
  _listing: P,
  names: Names,
) => names;

/** What openapi-fetch's GET is for any one listing path: the typed call above cannot follow a path left generic. */
type AnyGet = (
  path: ListingPath,
  init: { params: { query: unknown } },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** A page of the listing at `path`, its query typed by the operation's own parameters. */
export async function fetchListing<P extends ListingPath>(path: P, query: ListingQuery<P>): Promise<PageOf<Listed<P>>> {
  return unwrap(await (api.GET as AnyGet)(path, { params: { query } })) as PageOf<Listed<P>>;
}

/** How many records the listing at `path` holds (in the query's filters): the one-row page's total. */
export async function countListing<P extends ListingPath>(path: P, query?: ListingQuery<P>): Promise<number> {
  // Every listing pages by `size`, which its generic query type cannot show.
  const onePage = { ...query, size: 1 } as unknown as ListingQuery<P>;
  return (await fetchListing(path, onePage)).totalItems;
}

/** The filters of a list's URL that are set, by the names the listing's query gives them. */
export function filterQuery<Name extends string>(
  search: ListSearch,
  names: readonly Name[],
): Partial<Record<Name, string>> {
  const query: Partial<Record<Name, string>> = {};
  for (const name of names) {
    const value = search[name];
    if (value !== undefined && value !== '') query[name] = String(value);
  }
  return query;
}

/** The listing's query for a list's URL state: its page, its sort, and its filters as the API takes them. */
export function filteredQuery(search: ListSearch, filters: readonly ListFilter[]) {
  const values = filterQuery(
    search,
    filters.map((filter) => filter.name),
  );
  const query: Record<string, string | string[] | undefined> = { ...values };
  for (const filter of filters) if (filter.list) query[filter.name] = values[filter.name]?.split(',').filter(Boolean);
  return { ...pageQuery(search), ...query };
}

/** The query cache's key of the list of `path`: a write that invalidates the kind (its first part) refreshes it. */
export const listKeyOf = (path: ListingPath) => [path.slice(1), 'list'] as const;
