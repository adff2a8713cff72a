import type { PriceEntry, Prices } from '../product.schema.js';

/** The country key that prices every country the map does not name. */
export const DEFAULT_COUNTRY = 'DEFAULT';

export interface SelectedPrice {
  /** The key the entry was found under: the asked country or DEFAULT. */
  countryKey: string;
  currency: string;
  entry: PriceEntry;
}

function entryOf(prices: Prices, countryKey: string, currency: string | undefined): SelectedPrice | undefined {
  const byCurrency = prices.priceByCountryByCurrency?.[countryKey];
  if (!byCurrency || !currency || !Object.hasOwn(byCurrency, currency)) return undefined;
  return { countryKey, currency, entry: byCurrency[currency]! };
}

/**
 * The list price of a product (docs/product-decisions.md §9): `priceByCountryByCurrency[country][currency]`, else the country's entry
 * in `defaultCurrency`, then the same two under `DEFAULT`. Without `country` only `DEFAULT` is read; without
 * `currency`, `defaultCurrency`. Undefined when none applies.
 */
export function selectPrice(
  prices: Prices | undefined,
  country: string | undefined,
  currency: string | undefined,
): SelectedPrice | undefined {
  if (!prices) return undefined;
  const countryKeys = country && country !== DEFAULT_COUNTRY ? [country, DEFAULT_COUNTRY] : [DEFAULT_COUNTRY];
  for (const countryKey of countryKeys) {
    const found = entryOf(prices, countryKey, currency) ?? entryOf(prices, countryKey, prices.defaultCurrency);
    if (found) return found;
  }
  return undefined;
}
