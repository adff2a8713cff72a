import { useLocation, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import type { ListSearch } from '../list-search';

export type SearchChanges = Record<string, string | number | undefined>;

/** A list's URL state and the ways to change it: a new filter, sort or page size goes back to the first page. */
export function useListUrl() {
  const search = useSearch({ strict: false }) as ListSearch;
  const navigate = useNavigate();
  const router = useRouter();
  const here = useLocation().pathname;
  // The shell serves every list route, each validating its search as a ListSearch: no one route's type names it here.
  const go = (next: (previous: ListSearch) => ListSearch) => {
    // A change that comes after the person left the list (a typing pause ending as a row's link is followed) would
    // take them back to it: it is dropped.
    if (router.latestLocation.pathname !== here) return;
    void navigate({ to: '.', search: next as never });
  };
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
