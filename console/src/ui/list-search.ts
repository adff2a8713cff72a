/**
 * A list's state in the URL (`?page=2&size=20&sort=name,asc&status=RUNNING&hidden=Stores`): shareable, and the back
 * button returns to it. Values the API would refuse are dropped here, so a hand-edited URL still opens the list.
 */
export interface ListSearch {
  page: number;
  size: number;
  sort?: string;
  /** The headers of the columns hidden (a comma list). */
  hidden?: string;
  [filter: string]: string | number | undefined;
}

export const PAGE_SIZES = ['10', '20', '50', '100'];

/** Every list opens newest first until the person sorts it otherwise. */
export const NEWEST_FIRST = 'createDate,desc';

export function listSearch(filters: readonly string[]) {
  return (raw: Record<string, unknown>): ListSearch => {
    const page = Number(raw.page);
    const size = Number(raw.size);
    const search: ListSearch = {
      page: Number.isInteger(page) && page >= 0 ? page : 0,
      size: PAGE_SIZES.includes(String(size)) ? size : 20,
    };
    if (typeof raw.sort === 'string' && /^[\w.]+,(asc|desc)$/.test(raw.sort)) search.sort = raw.sort;
    for (const name of [...filters, 'hidden']) {
      const value = raw[name];
      if ((typeof value === 'string' && value !== '') || typeof value === 'number') search[name] = String(value);
    }
    return search;
  };
}

/**
 * The API's sort keys for a list's sort. Records made in the same millisecond share a `createDate`: their ids, which
 * are time-ordered too, keep newest first exact.
 */
export function sortKeys(sort: string | undefined): string[] | undefined {
  if (!sort) return undefined;
  const [field, direction] = sort.split(',');
  return field === 'createDate' ? [sort, `id,${direction}`] : [sort];
}

/** The paging part of a list's URL state, as every listing operation types it. */
export const pageQuery = (search: ListSearch) => ({
  page: search.page,
  size: search.size,
  sort: sortKeys(search.sort),
});

/** A filter of the URL state as the API takes it: a text, or nothing. */
export const filterValue = (value: string | number | undefined) =>
  value === undefined || value === '' ? undefined : String(value);
