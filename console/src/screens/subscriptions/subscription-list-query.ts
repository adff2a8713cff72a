import { listingFilters } from '../../ui/list-page/listing';

/** Every filter `GET /subscriptions` declares; each is a URL search parameter of the list of the same name. */
export const SUBSCRIPTION_FILTERS = listingFilters('/subscriptions', [
  'customerId',
  'enduserId',
  'storeId',
  'modelId',
  'externalRefId',
  'status',
]);
