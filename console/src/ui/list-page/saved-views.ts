import { useLocalStorage } from '@mantine/hooks';
import { usePrincipal } from '../../auth/principal';
import type { ListSearch } from '../list-search';

/** A list's filters, sort, page size and hidden columns, saved under a name (the page is not part of a view). */
export interface SavedView {
  name: string;
  search: ViewState;
}

type ViewState = Omit<ListSearch, 'page'>;

/** The view's state with its keys in one order, so two states that say the same compare equal. */
export function viewState(search: ViewState & { page?: number }): ViewState {
  const { page: _page, ...rest } = search;
  return Object.fromEntries(
    Object.entries(rest)
      .filter(([, value]) => value !== undefined && value !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  ) as ViewState;
}

const sameState = (a: ViewState, b: ViewState) => JSON.stringify(viewState(a)) === JSON.stringify(viewState(b));

/**
 * The views the signed-in person saved for one list, in this browser's localStorage under their subject (realm and
 * user), so two people sharing a browser keep their own (docs/decisions.md, "One list page").
 */
export function useSavedViews(list: string) {
  const principal = usePrincipal();
  const [views, setViews] = useLocalStorage<SavedView[]>({
    key: `console.views.${principal?.subject ?? 'nobody'}.${list}`,
    defaultValue: [],
    getInitialValueInEffect: false,
  });
  return {
    views,
    /** The saved view the list shows now, if any. */
    current: (search: ListSearch) => views.find((view) => sameState(view.search, viewState(search))),
    save: (name: string, search: ListSearch) =>
      setViews((saved) => [...saved.filter((view) => view.name !== name), { name, search: viewState(search) }]),
    remove: (name: string) => setViews((saved) => saved.filter((view) => view.name !== name)),
  };
}
