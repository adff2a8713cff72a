import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ListSearch } from '../list-search';

export type SearchChanges = Record<string, string | number | undefined>;

/** A list's URL state and the ways to change it: a new filter, sort or page size goes back to the first page. */
export function useListUrl() {
  const search = useSearch({ strict: false }) as ListSearch;
  const navigate = useNavigate();
  // The shell serves every list route, each validating its search as a ListSearch: no one route's type names it here.
  const go = (next: (previous: ListSearch) => ListSearch) => navigate({ to: '.', search: next as never });
  return {
    search,
    set: (changes: SearchChanges) => go((previous) => ({ ...previous, page: 0, ...changes })),
    setPage: (page: number) => go((previous) => ({ ...previous, page })),
    /** Replaces the whole state (a saved view). */
    replace: (next: ListSearch) => go(() => next),
  };
}

/** The headers of the columns the URL hides. */
export const hiddenColumns = (search: ListSearch): ReadonlySet<string> =>
  new Set(
    String(search.hidden ?? '')
      .split(',')
      .filter(Boolean),
  );
