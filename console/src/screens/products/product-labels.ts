import { fieldLabels } from '../../ui/field-labels';
import { countryLabel } from '../../ui/place-pickers';
import { AMOUNTS } from './PriceGrid';
import { CHOICES, NUMBERS, OTHER_LABELS, SWITCHES, TEXTS } from './ProductDetailsForm';
import { TEXT_FIELDS } from './product-draft';

const byField = (list: readonly { field: string; label: string }[]) =>
  Object.fromEntries(list.map(({ field, label }) => [field, label]));

const named = fieldLabels({
  ...byField(TEXTS),
  ...byField(CHOICES),
  ...byField(NUMBERS),
  ...byField(SWITCHES),
  ...byField(TEXT_FIELDS),
  ...OTHER_LABELS,
  prices: 'Prices',
  'prices.defaultCurrency': 'Default currency',
});
const amounts = byField(AMOUNTS);

/**
 * A product's field as its editor labels it: `prices.priceByCountryByCurrency.FR.EUR.value` is "Price, France (FR),
 * EUR", `genericName` is "Name".
 */
export function productFieldLabel(path: string[]): string {
  const [top, map, country, currency, amount] = path;
  if (top === 'prices' && map === 'priceByCountryByCurrency' && country && currency) {
    const where = country === 'DEFAULT' ? 'every other country' : countryLabel(country);
    const what = amount === 'vatIncluded' ? 'VAT included' : (amounts[amount ?? ''] ?? 'Price');
    return `${what}, ${where}, ${currency}`;
  }
  return named(path);
}
