import { createRequire } from 'node:module';
import { type Money, money } from './money.js';

/** One entry of the `sales-tax` package's rate table: a fraction (0.2 for 20 %), and the rates in force before some dates. */
interface TableEntry {
  type: string;
  rate: number;
  before?: Record<string, { type: string; rate: number }>;
}

const table = createRequire(import.meta.url)('sales-tax/res/sales_tax_rates.json') as Record<string, TableEntry>;

/** A country's rates: those in force until a date, earliest first, then the current one (in percent). */
interface CountryRates {
  changes: { until: number; rate: Money }[];
  current: Money;
}

const NO_VAT = money(0);
/** By country, read from the table once: a priced read asks for every request, the table never changes. */
// Only the table's countries are kept, so a query naming unknown countries cannot grow it.
const ratesByCountry = new Map<string, CountryRates>();

function ratesOf(country: string): CountryRates | undefined {
  const known = ratesByCountry.get(country);
  if (known || !Object.hasOwn(table, country)) return known;
  const entry = table[country]!;
  const rates = {
    changes: Object.entries(entry.before ?? {})
      .map(([until, past]) => ({ until: Date.parse(until), rate: money(past.rate).times(100) }))
      .sort((a, b) => a.until - b.until),
    current: money(entry.rate).times(100),
  };
  ratesByCountry.set(country, rates);
  return rates;
}

/**
 * The standard (country-level) VAT rate of `country` on `at`, in percent (20 for 20 %), from the maintained table of
 * the `sales-tax` package; 0 when the country is unknown or levies none at country level (the US: sales taxes are
 * by state and not VAT). A `before` entry is the rate in force until its date. Money values are immutable, so the
 * answers are shared.
 */
export function vatRatePercent(country: string | undefined, at: Date): Money {
  const rates = country ? ratesOf(country) : undefined;
  if (!rates) return NO_VAT;
  const time = at.getTime();
  return rates.changes.find((change) => time < change.until)?.rate ?? rates.current;
}
