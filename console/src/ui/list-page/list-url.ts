import { useLocation, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useMemo, useRef } from 'react';
import type { ListSearch } from '../list-search';

export type SearchChanges = Record<string, string | number | undefined>;

/** The state a change leads to, as the list's URL will keep it: what is unset or empty is not in an address. */
const asKept = (search: ListSearch): ListSearch =>
  Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== '')) as ListSearch;

/**
 * A list's URL state and the ways to change it: a new filter, sort or page size goes back to the first page.
 * `ahead` is told the state a change leads to as the change is made, before the router has taken it (the list starts
 * reading that page then, while the address and the screen follow).
 */
export function useListUrl(ahead?: (next: ListSearch) => void) {
  const search = useSearch({ strict: false }) as ListSearch;
  const navigate = useNavigate();
  const router = useRouter();
  const here = useLocation().pathname;
  // The ways to change the state stay the same functions while the list is shown (they read the latest state from
  // here), so that the filters, views and paging, memoized, do not render again when only the list's page changed.
  const latest = useRef({ search, here, ahead });
  latest.current = { search, here, ahead };
  const changes = useMemo(() => {
    // The shell serves every list route, each validating its search as a ListSearch: no one route's type names it here.
    const go = (next: (previous: ListSearch) => ListSearch) => {
      const { search: current, here: list, ahead: read } = latest.current;
      // A change that comes after the person left the list (a typing pause ending as a row's link is followed) would
      // take them back to it: it is dropped.
      if (router.latestLocation.pathname !== list) return;
      read?.(asKept(next(current)));
      void navigate({ to: '.', search: next as never });
    };
    return {
      set: (changes: SearchChanges) => go((previous) => ({ ...previous, page: 0, ...changes })),
      setPage: (page: number) => go((previous) => ({ ...previous, page })),
      /** Replaces the whole state (a saved view). */
      replace: (next: ListSearch) => go(() => next),
    };
  }, [navigate, router]);
  return { search, ...changes };
}

/** The headers of the columns the URL hides (its `hidden`). */
export const hiddenColumns = (hidden: ListSearch['hidden']): ReadonlySet<string> =>
  new Set(
    String(hidden ?? '')
      .split(',')
      .filter(Boolean),
  );
