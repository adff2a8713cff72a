import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import type { ListSource } from '../../ui/list-page/list-query';
import { listKeyOf } from '../../ui/list-page/listing';
import { type ListSearch, NEWEST_FIRST } from '../../ui/list-search';
import { productListQuery, SEARCH_PARAMETER } from './product-filters';

export type ListedProduct = Listed<'/products'>;

/**
 * A page of products; the search text is the API's `q` (docs/catalog.md: the words of the product's name, reference,
 * code name and description texts, word starts, case and accents ignored), with every other filter, exact totals and,
 * without a sort, the best matches first.
 */
export async function fetchProductPage(search: ListSearch) {
  const text = typeof search[SEARCH_PARAMETER] === 'string' ? search[SEARCH_PARAMETER].trim() : '';
  const query = productListQuery(search);
  return unwrap(await api.GET('/products', { params: { query: text ? { ...query, q: text } : query } }));
}

/** The product list's pages: newest first, except while searching, when the best matches come first. */
export const PRODUCT_LIST: ListSource<ListedProduct> = {
  listKey: listKeyOf('/products'),
  fetchPage: fetchProductPage,
  defaultSort: (search) => (search[SEARCH_PARAMETER] ? undefined : NEWEST_FIRST),
};

export const productKey = (id: string) => ['products', 'one', id] as const;

export function useProduct(id: string) {
  return useQuery({
    queryKey: productKey(id),
    queryFn: async () => unwrap(await api.GET('/products/{id}', { params: { path: { id } } })),
  });
}

export function useDescription(id: string | undefined) {
  return useQuery({
    queryKey: ['descriptions', id],
    enabled: Boolean(id),
    queryFn: async () => unwrap(await api.GET('/descriptions/{id}', { params: { path: { id: id ?? '' } } })),
  });
}

/** The direct variants of a product (all of them, oldest first). */
export function useVariants(parentId: string) {
  return useQuery({
    queryKey: ['products', 'variants', parentId],
    queryFn: async () =>
      unwrap(await api.GET('/products', { params: { query: { parentId, size: 500, sort: ['createDate,asc'] } } })),
  });
}
