import { ApiError } from '../api/api-error';

/** A 400's messages by field path, dot-separated with indexes as segments (`eventMatcher.filters.0.jsonPath`). */
export type FieldErrors = Record<string, string>;

/** `body.eventMatcher.filters[0].jsonPath` and `/eventMatcher/filters/0/jsonPath` -> `eventMatcher.filters.0.jsonPath`. */
export const fieldPath = (field: string) =>
  field
    .replace(/^body[./]?/, '')
    .replace(/^\//, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\//g, '.');

/**
 * The field errors of a 400 (`body.addressBook.country must be …`, or a detail naming its field), as
 * ApiError.fieldErrors reads them, by field path.
 */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(error.fieldErrors()).map(([field, message]) => [fieldPath(field), message]));
}

const within = (path: string, field: string) => path === field || path.startsWith(`${field}.`);

/** The first error on one of `fields` or below it (`prices` gets `prices.defaultCurrency`'s, a list its items'). */
export function errorOn(errors: FieldErrors, ...fields: string[]): string | undefined {
  for (const [path, message] of Object.entries(errors)) if (fields.some((field) => within(path, field))) return message;
  return undefined;
}

/** Which field paths a form shows errors on: these fields and everything below them. */
export const shownFields =
  (...fields: string[]) =>
  (path: string) =>
    fields.some((field) => within(path, field));

/**
 * Whether a refused save is also said below the form: not when every error the API named is on a field the form
 * shows (`shown`); yes when it named no field, or one the form has no input for.
 */
export function unplacedError(error: unknown, errors: FieldErrors, shown: (path: string) => boolean): boolean {
  if (!error) return false;
  const paths = Object.keys(errors);
  return paths.length === 0 || paths.some((path) => !shown(path));
}
