import { iso31661 } from 'iso-3166/1.js';

/** ISO 3166-1 alpha-2 codes assigned today, from the maintained `iso-3166` package (reserved codes excluded). */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(iso31661.map((entry) => entry.alpha2));

export function isCountryCode(value: unknown): boolean {
  return typeof value === 'string' && COUNTRY_CODES.has(value);
}
