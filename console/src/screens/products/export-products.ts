import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import type { ListSearch } from '../../ui/list-search';
import { saveFile } from '../../ui/save-file';
import { productListQuery, SEARCH_PARAMETER } from './product-filters';

export type ExportFormat = 'csv' | 'ndjson';

/**
 * Every product the list's filters and search match (not only the page shown), as `GET /products/export` streams
 * them, saved as a file. Paging and sort are the list's own: the export takes every match, in id order.
 */
export async function exportProducts(search: ListSearch, format: ExportFormat): Promise<void> {
  const { page: _page, size: _size, sort: _sort, ...filters } = productListQuery(search);
  const text = typeof search[SEARCH_PARAMETER] === 'string' ? search[SEARCH_PARAMETER].trim() : '';
  const answer = await api.GET('/products/export', {
    params: { query: { ...filters, ...(text ? { q: text } : {}), format } },
    parseAs: 'blob',
  });
  const day = new Date().toISOString().slice(0, 10);
  saveFile(unwrap(answer), `products-${day}.${format}`);
}
