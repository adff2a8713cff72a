import type { paths } from '../../api/openapi';
import { type ListSearch, sortKeys } from '../../ui/list-search';

type ListQuery = NonNullable<paths['/subscriptions']['get']['parameters']['query']>;

/** Every filter `GET /subscriptions` declares; each is a URL search parameter of the list of the same name. */
export const SUBSCRIPTION_FILTERS = [
  'customerId',
  'enduserId',
  'storeId',
  'modelId',
  'externalRefId',
  'status',
] as const satisfies readonly (keyof ListQuery)[];

/** The listing's query for the list's URL state, typed against the operation. */
export function subscriptionListQuery(search: ListSearch): ListQuery {
  const query: ListQuery = { page: search.page, size: search.size, sort: sortKeys(search.sort) };
  for (const name of SUBSCRIPTION_FILTERS) {
    const value = search[name];
    if (value !== undefined && value !== '') query[name] = String(value);
  }
  return query;
}
