import { ApiError } from '../api/api-error';

/**
 * Field errors of a 400, by field path (`eligibleStoreIds`, `discountPlan.discountStep`): the detailed shape's details
 * when it has them, else the field the simple shape's message names (`body.endDate may not be before startDate`), so
 * APIs that answer the simple shape still show their message on the field.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const detailed = error.fieldErrors();
  if (Object.keys(detailed).length) return detailed;
  const named = /^body\.([\w.[\]]+)/.exec(error.message);
  return named?.[1] ? { [named[1].replace(/\[\d+\]$/, '').replace(/\.\d+$/, '')]: error.message.replace(/^body\./, '') } : {};
}

/** The first error among `fields` (a field's own, or one of its sub-fields'). */
export function errorOn(errors: Record<string, string>, ...fields: string[]): string | undefined {
  for (const [path, message] of Object.entries(errors)) if (fields.some((field) => path === field || path.startsWith(`${field}.`) || path.startsWith(`${field}[`))) return message;
  return undefined;
}
