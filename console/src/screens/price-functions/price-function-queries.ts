import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { useVersionedRecord } from '../../ui/versioned-record';
import { productKey } from '../products/product-queries';
import { bodyOf, draftOf, type PriceFunctionDraft } from './price-function-draft';

export const priceFunctionKey = (id: string) => ['price-functions', id];
export const priceFunctionListKey = ['price-functions', 'list'];

async function readPriceFunction(id: string) {
  return unwrap(await api.GET('/price-functions/{id}', { params: { path: { id } } }));
}

/**
 * The function as its editor edits it: the draft follows the stored version until it is edited, and saves with the
 * version it started from (a 412 merges field by field).
 */
export function usePriceFunctionRecord(id: string, onSaved: () => void) {
  const queryClient = useQueryClient();
  return useVersionedRecord({
    queryKey: priceFunctionKey(id),
    read: () => readPriceFunction(id),
    draftOf,
    write: async (draft: PriceFunctionDraft, dbVersion) =>
      unwrap(
        await api.PUT('/price-functions/{id}', { params: { path: { id } }, body: bodyOf({ ...draft, dbVersion }) }),
      ),
    onSaved: () => {
      void queryClient.invalidateQueries({ queryKey: priceFunctionListKey });
      onSaved();
    },
  });
}

export function useCreatePriceFunction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draft: PriceFunctionDraft) =>
      unwrap(
        await api.POST('/price-functions', {
          body: bodyOf(draft),
          headers: { 'idempotency-key': crypto.randomUUID() },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceFunctionListKey }),
  });
}

export function useProduct(id: string | null) {
  return useQuery({
    queryKey: ['products', id],
    queryFn: async () => unwrap(await api.GET('/products/{id}', { params: { path: { id: id ?? '' } } })),
    enabled: id !== null,
  });
}

/** What the priced view of one product is asked with; kept as one value so that it can be debounced whole. */
export interface PreviewRequest {
  productId: string;
  country: string;
  currency: string;
  storeId: string;
  quantity: number;
  values: Record<string, string>;
}

/** The product's priced view: the price the saved function computes (its dbVersion and the product's are in the key). */
export function usePricedProduct(request: PreviewRequest | null, versions: string) {
  return useQuery({
    queryKey: ['priced-products', request, versions],
    enabled: request !== null,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      if (!request) throw new Error('no product chosen');
      const values = Object.fromEntries(Object.entries(request.values).filter(([, value]) => value !== ''));
      const query = {
        quantity: request.quantity,
        ...(request.country ? { country: request.country } : {}),
        ...(request.currency ? { currency: request.currency } : {}),
        ...(request.storeId ? { storeId: request.storeId } : {}),
        ...(Object.keys(values).length ? { priceFunctionParametersValues: JSON.stringify(values) } : {}),
      };
      return unwrap(await api.GET('/priced-products/{id}', { params: { path: { id: request.productId }, query } }));
    },
  });
}

/** Links a product to a price function: the product is replaced without its prices, so they cannot be touched. */
export function useAttachPriceFunction(functionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (productId: string) => {
      const product = unwrap(await api.GET('/products/{id}', { params: { path: { id: productId } } }));
      const { prices: _prices, ...rest } = product;
      return unwrap(
        await api.PUT('/products/{id}/without-prices', {
          params: { path: { id: productId }, header: { 'if-match': `"${product.dbVersion}"` } },
          body: { ...rest, priceFunction: functionId },
        }),
      );
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(productKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}
