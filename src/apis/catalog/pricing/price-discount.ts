import { keptBesideFrozen } from '../../../platform/kept-beside-frozen.js';
import { amountNumber, type Money, money, roundHalfEven } from './money.js';
import type { Price } from './price.schema.js';

/**
 * `price` with `ratePercent` taken off: the list value is discounted and rounded half-even to the currency's digits,
 * then split into net, gross and VAT as the list price was (a gross value's net is gross / (1 + VAT rate)), so the
 * discounted amounts add up exactly as the full ones do. `discountedPrice` tells what was taken off; the full
 * value becomes the strike-through price. Used once per price (no discount stacks on another).
 */
export function discountedPrice(price: Price, ratePercent: number, model: string): Price {
  if (ratePercent <= 0) return price;
  // A frozen price is a cached one, priced again and again: its discounts are kept with it.
  return discounts(price, `${ratePercent}\u0000${model}`, () => discounted(price, ratePercent, model));
}

/** Discounts of cached (frozen) prices, kept as long as the price is. */
const discounts = keptBesideFrozen<Price, Price>();

function discounted(price: Price, ratePercent: number, model: string): Price {
  const digits = price.currency.defaultFractionDigits;
  const rate = money(price.vatRate).dividedBy(100);
  const value = roundHalfEven(money(price.value).times(money(100).minus(ratePercent)).dividedBy(100), digits);
  let net: Money;
  let gross: Money;
  if (price.vatIncluded) {
    gross = value;
    net = roundHalfEven(gross.dividedBy(rate.plus(1)), digits);
  } else {
    net = value;
    gross = net.plus(roundHalfEven(net.times(rate), digits));
  }
  const vat = gross.minus(net);
  const amounts = {
    discountedGrossPrice: amountNumber(gross),
    discountedNetPrice: amountNumber(net),
    grossPriceDiscountAmount: amountNumber(money(price.grossPrice).minus(gross)),
    netPriceDiscountAmount: amountNumber(money(price.netPrice).minus(net)),
    vatDiscountAmount: amountNumber(money(price.vatAmount).minus(vat)),
  };
  return {
    ...price,
    value: amountNumber(value),
    netPrice: amountNumber(net),
    grossPrice: amountNumber(gross),
    vatAmount: amountNumber(vat),
    strikeThroughPrice: price.value,
    discountedPrice: {
      ...amounts,
      cumulatedDiscountRate: ratePercent,
      allDiscountsApplied: [{ ...amounts, grossPrice: price.grossPrice, netPrice: price.netPrice, model }],
    },
  };
}
