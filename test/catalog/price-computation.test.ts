import { describe, expect, it } from 'vitest';
import { currencyOf } from '../../src/apis/catalog/pricing/currency.js';
import { money } from '../../src/apis/catalog/pricing/money.js';
import { computePrice } from '../../src/apis/catalog/pricing/price-computation.js';
import { selectPrice } from '../../src/apis/catalog/pricing/price-selection.js';
import { vatRatePercent } from '../../src/apis/catalog/pricing/vat-rates.js';
import type { PriceEntry } from '../../src/apis/catalog/product.schema.js';

const NOW = new Date('2026-06-01T00:00:00Z');

function priced(entry: PriceEntry, currency: string, country: string | undefined, quantity = 1) {
  return computePrice({ entry, value: money(entry.value!), currency, vatRate: vatRatePercent(country, NOW), quantity });
}

describe('currencyOf', () => {
  it('gives ISO 4217 fraction digits and numeric codes with the English name and symbol', () => {
    expect(currencyOf('EUR')).toEqual({
      currencyCode: 'EUR',
      defaultFractionDigits: 2,
      displayName: 'Euro',
      numericCode: 978,
      numericCodeAsString: '978',
      symbol: '€',
    });
    expect(currencyOf('JPY')).toMatchObject({ defaultFractionDigits: 0, numericCode: 392, symbol: '¥' });
    expect(currencyOf('KWD')).toMatchObject({ defaultFractionDigits: 3, numericCode: 414, numericCodeAsString: '414' });
    expect(currencyOf('USD')).toMatchObject({ displayName: 'US Dollar', symbol: '$', numericCode: 840 });
  });

  it('prices a code ISO 4217 does not list with two digits and no numeric code', () => {
    const currency = currencyOf('XYZ');
    expect(currency).toMatchObject({ currencyCode: 'XYZ', defaultFractionDigits: 2 });
    expect(currency.numericCode).toBeUndefined();
  });
});

describe('vatRatePercent', () => {
  it('reads the standard rate of the country from the sales-tax table, in percent', () => {
    expect(vatRatePercent('FR', NOW).toString()).toBe('20');
    expect(vatRatePercent('DE', NOW).toString()).toBe('19');
    expect(vatRatePercent('JP', NOW).toString()).toBe('10');
    expect(vatRatePercent('KW', NOW).toString()).toBe('5');
  });

  it('answers 0 for the US (sales taxes are by state, not VAT), an unknown country and no country', () => {
    expect(vatRatePercent('US', NOW).toString()).toBe('0');
    expect(vatRatePercent('ZZ', NOW).toString()).toBe('0');
    expect(vatRatePercent(undefined, NOW).toString()).toBe('0');
  });

  it('uses the rate in force on the date: Germany charged 16 % in the second half of 2020', () => {
    expect(vatRatePercent('DE', new Date('2020-09-01T00:00:00Z')).toString()).toBe('16');
    expect(vatRatePercent('DE', new Date('2020-03-01T00:00:00Z')).toString()).toBe('19');
  });
});

describe('selectPrice', () => {
  const prices = {
    defaultCurrency: 'EUR',
    priceByCountryByCurrency: {
      FR: { EUR: { value: 10 }, USD: { value: 12 } },
      CH: { CHF: { value: 11 } },
      DEFAULT: { EUR: { value: 9 }, USD: { value: 13 } },
    },
  };

  it('takes the entry of the country and currency asked for', () => {
    expect(selectPrice(prices, 'FR', 'USD')).toMatchObject({ countryKey: 'FR', currency: 'USD', entry: { value: 12 } });
  });

  it("falls back to the country's entry in the default currency, then to DEFAULT", () => {
    expect(selectPrice(prices, 'FR', 'GBP')).toMatchObject({ countryKey: 'FR', currency: 'EUR' });
    expect(selectPrice(prices, 'CH', 'USD')).toMatchObject({
      countryKey: 'DEFAULT',
      currency: 'USD',
      entry: { value: 13 },
    });
    expect(selectPrice(prices, 'IT', undefined)).toMatchObject({
      countryKey: 'DEFAULT',
      currency: 'EUR',
      entry: { value: 9 },
    });
    expect(selectPrice(prices, undefined, undefined)).toMatchObject({ countryKey: 'DEFAULT', currency: 'EUR' });
  });

  it('finds nothing when neither the country nor DEFAULT has the currency or the default currency', () => {
    expect(
      selectPrice({ defaultCurrency: 'EUR', priceByCountryByCurrency: { CH: { CHF: { value: 1 } } } }, 'FR', 'USD'),
    ).toBeUndefined();
    expect(selectPrice(undefined, 'FR', 'EUR')).toBeUndefined();
  });
});

describe('computePrice', () => {
  it('splits a VAT-included EUR price in France (20 %): net = 119.99 / 1.2 = 99.991.. -> 99.99, VAT 20.00', () => {
    expect(priced({ value: 119.99, vatIncluded: true }, 'EUR', 'FR')).toMatchObject({
      vatIncluded: true,
      vatRate: 20,
      value: 119.99,
      grossPrice: 119.99,
      netPrice: 99.99,
      vatAmount: 20,
    });
  });

  it('rounds the line total once: 3 x 119.99 = 359.97 gross, net 359.97 / 1.2 = 299.975 -> 299.98 (half-even), VAT 59.99', () => {
    expect(priced({ value: 119.99, vatIncluded: true }, 'EUR', 'FR', 3)).toMatchObject({
      value: 359.97,
      grossPrice: 359.97,
      netPrice: 299.98,
      vatAmount: 59.99,
    });
  });

  it('adds nothing to a net USD price in the US (rate 0)', () => {
    expect(priced({ value: 99.99 }, 'USD', 'US')).toMatchObject({
      vatIncluded: false,
      vatRate: 0,
      netPrice: 99.99,
      grossPrice: 99.99,
      vatAmount: 0,
    });
  });

  it('rounds JPY to whole yen: 1234.5 -> 1234 (half-even), net 1234 / 1.1 = 1121.8.. -> 1122, VAT 112', () => {
    expect(priced({ value: 1234.5, vatIncluded: true }, 'JPY', 'JP')).toMatchObject({
      value: 1234,
      grossPrice: 1234,
      netPrice: 1122,
      vatAmount: 112,
    });
  });

  it('rounds KWD to three digits: net 12.3456 -> 12.346, VAT 12.346 x 5 % = 0.6173 -> 0.617, gross 12.963', () => {
    expect(priced({ value: 12.3456 }, 'KWD', 'KW')).toMatchObject({
      value: 12.346,
      netPrice: 12.346,
      vatAmount: 0.617,
      grossPrice: 12.963,
    });
  });

  it('rounds ties half-even: 0.125 EUR -> 0.12, 0.135 EUR -> 0.14', () => {
    expect(priced({ value: 0.125 }, 'EUR', undefined).netPrice).toBe(0.12);
    expect(priced({ value: 0.135 }, 'EUR', undefined).netPrice).toBe(0.14);
  });

  it('computes in decimal: 3 x 0.1 is 0.3 and 0.1 + VAT 20 % is 0.12, with no binary artefact', () => {
    expect(priced({ value: 0.1 }, 'EUR', undefined, 3).value).toBe(0.3);
    expect(priced({ value: 0.1 }, 'EUR', 'FR')).toMatchObject({ netPrice: 0.1, vatAmount: 0.02, grossPrice: 0.12 });
  });

  it('splits msrp and initialValue the same way and strikes the msrp through when it is above the price', () => {
    const price = priced(
      { value: 119.99, msrp: 149.99, initialValue: 59.99, crossSell: 99.995, vatIncluded: true },
      'EUR',
      'FR',
    );
    expect(price).toMatchObject({
      msrp: 149.99,
      grossMsrp: 149.99,
      netMsrp: 124.99,
      vatAmountMsrp: 25,
      strikeThroughPrice: 149.99,
    });
    // 59.99 / 1.2 = 49.9916.. -> 49.99
    expect(price).toMatchObject({
      initialValue: 59.99,
      initialGrossPrice: 59.99,
      initialNetPrice: 49.99,
      initialVatAmount: 10,
    });
    expect(price.crossSell).toBe(100); // 99.995 -> 100.00 (the digit before the tie, 9, is odd)
    expect(priced({ value: 119.99, msrp: 99 }, 'EUR', 'FR').strikeThroughPrice).toBeUndefined();
  });
});
