import currencyCodes from 'currency-codes';
import type { Currency } from './price.schema.js';

/** Currencies ISO 4217 does not list (or lists without digits) are priced with two fraction digits, as Intl does. */
const FALLBACK_FRACTION_DIGITS = 2;

const cache = new Map<string, Currency>();

function symbolOf(code: string): string {
  const parts = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: code,
    currencyDisplay: 'symbol',
  }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? code;
}

/**
 * The currency object of a priced product: fraction digits and numeric code from the ISO 4217 list of the
 * `currency-codes` package, English name and symbol from Intl (Node's ICU data).
 */
export function currencyOf(code: string): Currency {
  const cached = cache.get(code);
  if (cached) return cached;
  const record = currencyCodes.code(code);
  const numeric = record?.number ?? '';
  const currency: Currency = {
    currencyCode: code,
    defaultFractionDigits: Number.isInteger(record?.digits) ? record!.digits : FALLBACK_FRACTION_DIGITS,
    displayName: new Intl.DisplayNames('en', { type: 'currency' }).of(code) ?? code,
    ...(numeric ? { numericCode: Number(numeric), numericCodeAsString: numeric.padStart(3, '0') } : {}),
    symbol: symbolOf(code),
  };
  cache.set(code, currency);
  return currency;
}
