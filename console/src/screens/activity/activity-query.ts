import type { paths } from '../../api/openapi';
import type { ListSearch } from '../../ui/list-search';

type ActivityQuery = NonNullable<paths['/activity']['get']['parameters']['query']>;

/** Every filter of `GET /activity`; each is a URL search parameter of the Activity screen of the same name. */
export const ACTIVITY_FILTERS = [
  'subject',
  'fact',
  'actor',
  'customerId',
  'recordId',
  'from',
  'to',
] as const satisfies readonly (keyof ActivityQuery)[];

/** The start of a day (`2026-03-01`) in the reader's zone, as the instant the API takes. */
function startOfDay(day: string, plusDays = 0): string | undefined {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return undefined;
  return new Date(year, month - 1, date + plusDays).toISOString();
}

/**
 * The listing's query for the screen's URL state. The days picked are whole days in the reader's zone: `from` its
 * first instant, `to` the first instant of the day after (the API's `to` is exclusive; the screen's last day is included).
 */
export function activityQuery(search: ListSearch): ActivityQuery {
  const query: ActivityQuery = { page: search.page, size: search.size };
  for (const name of ACTIVITY_FILTERS) {
    const value = search[name];
    if (value === undefined || value === '') continue;
    if (name === 'from') query.from = startOfDay(String(value));
    else if (name === 'to') query.to = startOfDay(String(value), 1);
    else query[name] = String(value);
  }
  return query;
}
