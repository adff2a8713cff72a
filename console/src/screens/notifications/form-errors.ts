import { ApiError } from '../../api/api-error';

/** `body.eventMatcher.filters[0].jsonPath` and `/eventMatcher/filters/0/jsonPath` -> `eventMatcher.filters.0.jsonPath`. */
const fieldKey = (field: string) =>
  field
    .replace(/^body[./]?/, '')
    .replace(/^\//, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\//g, '.');

/** A 400's messages by the field they name (ApiError.fieldErrors), with indexes as path segments. */
export function fieldMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(error.fieldErrors()).map(([field, message]) => [fieldKey(field), message]));
}

/** Whether the error said anything that no field of the form shows: then it is shown above the buttons. */
export function unplaced(
  error: unknown,
  messages: Record<string, string>,
  shownFields: (field: string) => boolean,
): boolean {
  if (!error) return false;
  const fields = Object.keys(messages);
  return fields.length === 0 || fields.some((field) => !shownFields(field));
}
