import type { LinkOptions } from '@tanstack/react-router';
import type { ConsolePath } from '../../layout/navigation';

/** A record's page: a console path whose last part is the record's id (`/customers/$customerId`). */
export type RecordPagePath = Extract<ConsolePath, `${string}/$${string}`>;

/** The link to one record's page (`new`: the page of a record not yet made, where the page has one). */
export function recordLink(to: RecordPagePath, id: string): LinkOptions {
  const parameter = to.slice(to.lastIndexOf('$') + 1);
  // The parameter is named by the path itself, which TypeScript cannot read back out of the route's type.
  return { to, params: { [parameter]: id } } as LinkOptions;
}

/** The link from each row of a list to its record's page. */
export const rowLink =
  (to: RecordPagePath) =>
  (row: { id: string }): LinkOptions =>
    recordLink(to, row.id);
