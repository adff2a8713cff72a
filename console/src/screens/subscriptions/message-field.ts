import { ApiError } from '../../api/api-error';

/**
 * The Subscription API answers 400s in the simple shape, without `details`: the field is the message's first word
 * (`body.products[0].id names no product …`). Answers the errors by top-level field, the detailed ones first.
 */
export function subscriptionFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const detailed = error.fieldErrors();
  if (Object.keys(detailed).length) return detailed;
  const field = /^body\.(\w+)/.exec(error.message)?.[1];
  return field ? { [field]: error.message.replace(/^body\./, '') } : {};
}
