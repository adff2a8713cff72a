import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { isOngoing } from './import-status';

export type ProductImport = Schemas['ProductImport'];
export type ImportError = Schemas['ProductImportError'];

/** How often an import the job works on is read again. */
export const FOLLOW_MS = 1000;
/** The API's largest page: the error report reads every refused row a page at a time. */
const ERRORS_PAGE = 500;

export const importKeys = {
  all: ['product-imports'] as const,
  one: (id: string) => ['product-imports', 'one', id] as const,
  errors: (id: string, page: number) => ['product-imports', 'errors', id, page] as const,
};

async function fetchImport(id: string): Promise<ProductImport> {
  return unwrap(await api.GET('/product-imports/{id}', { params: { path: { id } } }));
}

/**
 * An import, read again every FOLLOW_MS while it is queued or running, then no more (it no longer changes); nor after
 * a refusal (404: not one the principal may see).
 */
export function useProductImport(id: string | undefined) {
  return useQuery({
    queryKey: importKeys.one(id ?? ''),
    enabled: Boolean(id),
    queryFn: () => fetchImport(id ?? ''),
    refetchInterval: (query) => {
      const { data, error } = query.state;
      return error || (data && !isOngoing(data.status)) ? false : FOLLOW_MS;
    },
  });
}

async function fetchErrorPage(id: string, page: number, size: number) {
  return unwrap(await api.GET('/product-imports/{id}/errors', { params: { path: { id }, query: { page, size } } }));
}

/** A page of an import's refused rows, first line first. */
export function useImportErrors(id: string, page: number, size: number, enabled: boolean) {
  return useQuery({
    queryKey: [...importKeys.errors(id, page), size],
    enabled,
    queryFn: () => fetchErrorPage(id, page, size),
  });
}

/** Every refused row of an import, read a page at a time. */
export async function fetchAllImportErrors(id: string): Promise<ImportError[]> {
  const all: ImportError[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await fetchErrorPage(id, page, ERRORS_PAGE);
    all.push(...answer.items);
    if (answer.last || answer.items.length === 0) return all;
  }
}

/**
 * Stops an import. No version is sent: the job moves the import's version on with each chunk, and stopping it is
 * meant whatever it has done meanwhile (a finished import answers 400, which the page shows).
 */
export function useCancelImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/product-imports/{id}/cancel', {
          params: { path: { id } },
          headers: { 'idempotency-key': crypto.randomUUID() },
        }),
      ),
    onSuccess: (record) => {
      queryClient.setQueryData(importKeys.one(id), record);
      void queryClient.invalidateQueries({ queryKey: importKeys.all });
    },
  });
}
