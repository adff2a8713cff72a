import { Decimal } from 'decimal.js';

/**
 * Decimal arithmetic for money (docs/product-decisions.md §9): a private Decimal class, so no other module's settings change ours.
 * 34 significant digits (IEEE 754 decimal128) is far beyond any amount the schemas admit (at most 10^12).
 */
export const Money = Decimal.clone({ precision: 34, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -20, toExpPos: 30 });
export type Money = InstanceType<typeof Money>;

/** A JSON number read as the decimal its shortest text form shows (0.1 is 0.1, never 0.1000000000000000055...). */
export function money(value: number | string | Money): Money {
  return new Money(value);
}

/** Rounded half-even to `digits` fraction digits: 0.125 EUR -> 0.12, 0.135 EUR -> 0.14. */
export function roundHalfEven(amount: Money, digits: number): Money {
  return amount.toDecimalPlaces(digits, Money.ROUND_HALF_EVEN);
}

/** The JSON number of a rounded amount (its decimal text, so no binary artefact is added). */
export function amountNumber(amount: Money): number {
  return Number(amount.toString());
}
