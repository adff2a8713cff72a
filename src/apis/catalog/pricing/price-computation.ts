import type { PriceEntry } from '../product.schema.js';
import { currencyOf } from './currency.js';
import { amountNumber, type Money, money, roundHalfEven } from './money.js';
import type { Price } from './price.schema.js';

export interface PriceInput {
  /** The list entry; its `value` may be replaced by a price function's result (`value` below). */
  entry: PriceEntry;
  /** The unit value to price (the list value, or the function's result). */
  value: Money;
  currency: string;
  /** VAT rate in percent. */
  vatRate: Money;
  quantity: number;
}

interface Split {
  listed: Money;
  net: Money;
  gross: Money;
  vat: Money;
}

/**
 * One amount times the quantity, rounded half-even to the currency's digits, split into net, gross and VAT. A gross
 * amount's net is gross / (1 + rate) rounded, its VAT the difference; a net amount's VAT is net x rate rounded. The
 * line total is rounded once (value x quantity), never the sum of rounded unit prices.
 */
function split(unit: Money, vatIncluded: boolean, ratePercent: Money, quantity: number, digits: number): Split {
  const listed = roundHalfEven(unit.times(quantity), digits);
  const factor = ratePercent.dividedBy(100);
  if (vatIncluded) {
    const net = roundHalfEven(listed.dividedBy(factor.plus(1)), digits);
    return { listed, net, gross: listed, vat: listed.minus(net) };
  }
  const vat = roundHalfEven(listed.times(factor), digits);
  return { listed, net: listed, gross: listed.plus(vat), vat };
}

/** The Price of `quantity` units (1: the unit price) in the product's currency and the country's VAT rate. */
export function computePrice(input: PriceInput): Price {
  const { entry, currency: code, vatRate, quantity } = input;
  const currency = currencyOf(code);
  const digits = currency.defaultFractionDigits;
  const vatIncluded = entry.vatIncluded === true;
  const of = (amount: Money) => split(amount, vatIncluded, vatRate, quantity, digits);
  const main = of(input.value);
  const price: Price = {
    currency,
    vatIncluded,
    vatRate: amountNumber(vatRate),
    value: amountNumber(main.listed),
    netPrice: amountNumber(main.net),
    grossPrice: amountNumber(main.gross),
    vatAmount: amountNumber(main.vat),
    source: 'INTERNAL',
  };
  if (entry.initialValue !== undefined) {
    const initial = of(money(entry.initialValue));
    Object.assign(price, {
      initialValue: amountNumber(initial.listed),
      initialNetPrice: amountNumber(initial.net),
      initialGrossPrice: amountNumber(initial.gross),
      initialVatAmount: amountNumber(initial.vat),
    });
  }
  if (entry.msrp !== undefined) {
    const msrp = of(money(entry.msrp));
    Object.assign(price, {
      msrp: amountNumber(msrp.listed),
      netMsrp: amountNumber(msrp.net),
      grossMsrp: amountNumber(msrp.gross),
      vatAmountMsrp: amountNumber(msrp.vat),
    });
    if (msrp.listed.greaterThan(main.listed)) price.strikeThroughPrice = amountNumber(msrp.listed);
  }
  if (entry.crossSell !== undefined) price.crossSell = amountNumber(of(money(entry.crossSell)).listed);
  if (entry.upSell !== undefined) price.upSell = amountNumber(of(money(entry.upSell)).listed);
  return price;
}
