import { ApiError } from '../../api/api-error';

/** A 400's messages by the product field they name, with indexes as path segments (`texts.0.locale`). */
export function productFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.fieldErrors()).map(([field, message]) => [field.replace(/\[(\d+)\]/g, '.$1'), message]),
  );
}

/** The message for `field` or for any field below it (`prices` gets `prices.defaultCurrency`'s). */
export function errorAt(errors: Record<string, string>, field: string): string | undefined {
  return errors[field] ?? Object.entries(errors).find(([name]) => name.startsWith(`${field}.`))?.[1];
}
