/**
 * A list's state in the URL (`?page=2&size=20&sort=name,asc&status=RUNNING`): shareable, and the back button
 * returns to it. Values the API would refuse are dropped here, so a hand-edited URL still opens the list.
 */
export interface ListSearch {
  page: number;
  size: number;
  sort?: string;
  [filter: string]: string | number | undefined;
}

export const PAGE_SIZES = ['10', '20', '50', '100'];

export function listSearch(filters: readonly string[]) {
  return (raw: Record<string, unknown>): ListSearch => {
    const page = Number(raw.page);
    const size = Number(raw.size);
    const search: ListSearch = {
      page: Number.isInteger(page) && page >= 0 ? page : 0,
      size: PAGE_SIZES.includes(String(size)) ? size : 20,
    };
    if (typeof raw.sort === 'string' && /^[\w.]+,(asc|desc)$/.test(raw.sort)) search.sort = raw.sort;
    for (const name of filters) {
      const value = raw[name];
      if ((typeof value === 'string' && value !== '') || typeof value === 'number') search[name] = String(value);
    }
    return search;
  };
}

/** The API's listing parameters for a list's search: page, size, sort, and the filters that are set. */
export function listingQuery(search: ListSearch): Record<string, string | number | string[]> {
  const { page, size, sort, ...filters } = search;
  const query: Record<string, string | number | string[]> = { page, size };
  if (sort) query.sort = [sort];
  for (const [name, value] of Object.entries(filters)) if (value !== undefined && value !== '') query[name] = value;
  return query;
}
