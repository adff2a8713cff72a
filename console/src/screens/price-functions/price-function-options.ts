import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { priceFunctionListKey } from './price-function-queries';

/** The price functions the principal may read, by name (up to 500, the API's page): what pickers and the palette offer. */
export function usePriceFunctionOptions(enabled = true) {
  return useQuery({
    queryKey: [...priceFunctionListKey, 'options'],
    queryFn: async () =>
      unwrap(
        await api.GET('/price-functions', { params: { query: { size: 500, sort: ['name,asc'], target: ['name'] } } }),
      ).items.map((item) => ({ value: item.id, label: item.name || item.id })),
    enabled,
    staleTime: 30_000,
  });
}
