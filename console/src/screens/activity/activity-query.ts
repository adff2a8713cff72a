import { filterQuery, type ListingQuery, listingFilters } from '../../ui/list-page/listing';
import type { ListSearch } from '../../ui/list-search';

type ActivityQuery = ListingQuery<'/activity'>;

/** Every filter of `GET /activity`; each is a URL search parameter of the Activity screen of the same name. */
export const ACTIVITY_FILTERS = listingFilters('/activity', [
  'subject',
  'fact',
  'actor',
  'customerId',
  'recordId',
  'from',
  'to',
]);

/** The start of a day (`2026-03-01`) in the reader's zone, as the instant the API takes. */
function startOfDay(day: string | undefined, plusDays = 0): string | undefined {
  const [year, month, date] = (day ?? '').split('-').map(Number);
  if (!year || !month || !date) return undefined;
  return new Date(year, month - 1, date + plusDays).toISOString();
}

/**
 * The listing's query for the screen's URL state. The days picked are whole days in the reader's zone: `from` its
 * first instant, `to` the first instant of the day after (the API's `to` is exclusive; the screen's last day is included).
 */
export function activityQuery(search: ListSearch): ActivityQuery {
  const { from, to, ...filters } = filterQuery(search, ACTIVITY_FILTERS);
  return { page: search.page, size: search.size, ...filters, from: startOfDay(from), to: startOfDay(to, 1) };
}
