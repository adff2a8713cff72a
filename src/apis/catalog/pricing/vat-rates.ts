import { createRequire } from 'node:module';
import { type Money, money } from './money.js';

/** One entry of the `sales-tax` package's rate table: a fraction (0.2 for 20 %), and the rates in force before some dates. */
interface TableEntry {
  type: string;
  rate: number;
  before?: Record<string, { type: string; rate: number }>;
}

const table = createRequire(import.meta.url)('sales-tax/res/sales_tax_rates.json') as Record<string, TableEntry>;

/**
 * The standard (country-level) VAT rate of `country` on `at`, in percent (20 for 20 %), from the maintained table of
 * the `sales-tax` package; 0 when the country is unknown or levies none at country level (the US: sales taxes are
 * by state and not VAT). A `before` entry is the rate in force until its date.
 */
export function vatRatePercent(country: string | undefined, at: Date): Money {
  const entry = country && Object.hasOwn(table, country) ? table[country] : undefined;
  if (!entry) return money(0);
  const changes = Object.entries(entry.before ?? {})
    .map(([until, past]) => ({ until: Date.parse(until), rate: past.rate }))
    .sort((a, b) => a.until - b.until);
  const inForce = changes.find((change) => at.getTime() < change.until);
  return money(inForce ? inForce.rate : entry.rate).times(100);
}
