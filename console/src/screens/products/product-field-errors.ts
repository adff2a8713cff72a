import { ApiError } from '../../api/api-error';

/**
 * A 400's messages by the body field they name (`lifeTime`, `prices.priceByCountryByCurrency.FR.EUR.value`). The API
 * names fields in two ways: schema checks list them in `details[].specific.fields` beside a message of one part per
 * field ("; "-joined); rules of the catalogue start their message with the field (`body.variantOf names no product…`).
 * Either way the part of the message starting with `body.<field>` is that field's.
 */
export function productFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const out: Record<string, string> = { ...error.fieldErrors() };
  for (const part of error.message.split('; ')) {
    const field = /^body\.([\w.[\]-]+)/.exec(part)?.[1];
    if (field) out[field.replace(/\[(\d+)\]/g, '.$1')] ??= part.replace(/^body\./, '');
  }
  return out;
}

/** The message for `field` or for any field below it (`prices` gets `prices.defaultCurrency`'s). */
export function errorAt(errors: Record<string, string>, field: string): string | undefined {
  return errors[field] ?? Object.entries(errors).find(([name]) => name.startsWith(`${field}.`))?.[1];
}
