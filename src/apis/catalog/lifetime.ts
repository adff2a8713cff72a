/**
 * A product's `lifeTime`: an optional duration (1 to 4 digits, no leading zero) then a period word. `MONTH`, `1MONTH`,
 * `12MONTH`, `30DAY`, `LIFETIME` pass; `0MONTH`, `1 MONTH`, `month` do not (docs/decisions.md#product-fields). No
 * import: the console offers these periods in its lifetime picker from this file.
 */
export const LIFETIME_PERIODS = ['DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR', 'LIFETIME'] as const;
export type LifetimePeriod = (typeof LIFETIME_PERIODS)[number];

export const LIFETIME_PATTERN = `^([1-9][0-9]{0,3})?(${LIFETIME_PERIODS.join('|')})$`;
