import { ApiError } from '../api/api-error';

/**
 * Field errors of a 400 by field path (`eligibleStoreIds`, `discountPlan.discountStep`), as ApiError.fieldErrors reads
 * them; an item of a list (`eligibleStoreIds[2]`) shows on its list's input.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.fieldErrors()).map(([field, message]) => [
      field.replace(/\[\d+\]$/, '').replace(/\.\d+$/, ''),
      message,
    ]),
  );
}

/** The first error among `fields` (a field's own, or one of its sub-fields'). */
export function errorOn(errors: Record<string, string>, ...fields: string[]): string | undefined {
  for (const [path, message] of Object.entries(errors))
    if (fields.some((field) => path === field || path.startsWith(`${field}.`) || path.startsWith(`${field}[`)))
      return message;
  return undefined;
}
