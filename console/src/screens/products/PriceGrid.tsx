import { ActionIcon, Checkbox, NumberInput, Stack, Text } from '@mantine/core';
import { type ReactElement, useState } from 'react';
import { AddEntryForm } from '../../ui/AddEntryForm';
import { CaptionedTable, type TableColumn } from '../../ui/CaptionedTable';
import { errorOn, type FieldErrors } from '../../ui/field-errors';
import { CountrySelect, CurrencySelect, countryLabel } from '../../ui/place-pickers';
import type { ProductDraft } from './product-draft';

type Prices = ProductDraft['prices'];
type Entry = NonNullable<Prices['priceByCountryByCurrency']>[string][string];
type Amount = 'value' | 'initialValue' | 'msrp' | 'crossSell' | 'upSell';
/** A row of the grid: one country's price in one currency. */
type Row = { country: string; currency: string; entry: Entry };

export const AMOUNTS: { field: Amount; label: string }[] = [
  { field: 'value', label: 'Price' },
  { field: 'initialValue', label: 'First term' },
  { field: 'msrp', label: 'MSRP' },
  { field: 'crossSell', label: 'Cross-sell' },
  { field: 'upSell', label: 'Up-sell' },
];

const COUNTRY = /^([A-Z]{2}|DEFAULT)$/;
/**
 * Where list prices are quoted before tax (sales tax is added at checkout): a new price there starts without VAT
 * included; everywhere else, consumer prices include VAT.
 */
const PRICES_BEFORE_TAX = new Set(['US', 'CA']);
const CURRENCY = /^[A-Z]{3}$/;

/**
 * The price grid of the product's price schema: a price entry per country (or DEFAULT) and currency, its amounts
 * gross when "VAT included" is ticked, else net; and the default currency.
 */
export function PriceGrid({
  prices,
  onChange,
  errors,
  readOnly,
}: {
  prices: Prices;
  onChange: (prices: Prices) => void;
  errors: FieldErrors;
  readOnly: boolean;
}): ReactElement {
  const grid = prices.priceByCountryByCurrency ?? {};
  const rows: Row[] = Object.entries(grid).flatMap(([country, byCurrency]) =>
    Object.entries(byCurrency).map(([currency, entry]) => ({ country, currency, entry })),
  );
  const [country, setCountry] = useState('');
  const [currency, setCurrency] = useState('');
  const [amount, setAmount] = useState<number | string>('');
  const [problem, setProblem] = useState<string>();

  const setEntry = (country: string, currency: string, entry: Entry | undefined) => {
    const byCurrency = { ...grid[country] };
    if (entry) byCurrency[currency] = entry;
    else delete byCurrency[currency];
    const next = { ...grid, [country]: byCurrency };
    if (Object.keys(byCurrency).length === 0) delete next[country];
    onChange({ ...prices, priceByCountryByCurrency: next });
  };
  const add = () => {
    if (!COUNTRY.test(country))
      return setProblem('The country is an ISO code of two letters (FR), or DEFAULT for every other country.');
    if (!CURRENCY.test(currency)) return setProblem('The currency is an ISO 4217 code of three letters (EUR).');
    if (grid[country]?.[currency]) return setProblem(`${country} already has a ${currency} price.`);
    if (typeof amount !== 'number') return setProblem('Enter the price: a new price never starts at 0.');
    setProblem(undefined);
    const entry = { value: amount, vatIncluded: !PRICES_BEFORE_TAX.has(country) };
    const added = { ...grid, [country]: { ...grid[country], [currency]: entry } };
    onChange({ ...prices, defaultCurrency: prices.defaultCurrency ?? currency, priceByCountryByCurrency: added });
    setCountry('');
    setCurrency('');
    setAmount('');
  };

  const columns: TableColumn<Row>[] = [
    {
      header: 'Country',
      cell: ({ country }) => (country === 'DEFAULT' ? 'Every other country' : countryLabel(country)),
    },
    { header: 'Currency', cell: ({ currency }) => currency },
    ...AMOUNTS.map(
      ({ field, label }): TableColumn<Row> => ({
        header: label,
        style: { minWidth: 110 },
        cell: ({ country, currency, entry }) => (
          <NumberInput
            aria-label={`${label} ${country} ${currency}`}
            min={0}
            decimalScale={4}
            hideControls
            readOnly={readOnly}
            value={entry[field] ?? ''}
            onChange={(value) =>
              setEntry(country, currency, { ...entry, [field]: typeof value === 'number' ? value : undefined })
            }
            error={errorOn(errors, `prices.priceByCountryByCurrency.${country}.${currency}.${field}`)}
          />
        ),
      }),
    ),
    {
      header: 'VAT included',
      cell: ({ country, currency, entry }) => (
        <Checkbox
          aria-label={`VAT included ${country} ${currency}`}
          checked={entry.vatIncluded ?? false}
          disabled={readOnly}
          onChange={(event) => setEntry(country, currency, { ...entry, vatIncluded: event.currentTarget.checked })}
        />
      ),
    },
    ...(readOnly
      ? []
      : [
          {
            header: 'Remove',
            cell: ({ country, currency }: Row) => (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove the ${country} ${currency} price`}
                onClick={() => setEntry(country, currency, undefined)}
              >
                ✕
              </ActionIcon>
            ),
          },
        ]),
  ];

  return (
    <Stack>
      <CurrencySelect
        label="Default currency"
        description="Used when a country has no price in the currency asked for"
        w={260}
        readOnly={readOnly}
        value={prices.defaultCurrency}
        onChange={(defaultCurrency) => onChange({ ...prices, defaultCurrency })}
        error={errorOn(errors, 'prices.defaultCurrency')}
      />
      <CaptionedTable
        caption="Prices by country and currency"
        columns={columns}
        rows={rows}
        rowKey={({ country, currency }) => `${country}-${currency}`}
        minWidth={760}
        empty={<Text c="dimmed">No price yet.{readOnly ? '' : ' Add a country and currency below.'}</Text>}
      />
      {errorOn(errors, 'prices') && (
        <Text c="red" size="sm" role="alert">
          {errorOn(errors, 'prices')}
        </Text>
      )}
      {!readOnly && (
        <AddEntryForm onAdd={add} addLabel="Add price" problem={problem}>
          <CountrySelect
            label="Country"
            description="or DEFAULT, for every other"
            w={240}
            extra={[{ value: 'DEFAULT', label: 'DEFAULT: every other country' }]}
            value={country || undefined}
            onChange={(value) => setCountry(value ?? '')}
          />
          <CurrencySelect
            label="Currency"
            w={220}
            value={currency || undefined}
            onChange={(value) => setCurrency(value ?? '')}
          />
          <NumberInput
            label="Price"
            description={PRICES_BEFORE_TAX.has(country) ? 'before tax' : 'VAT included'}
            w={160}
            min={0}
            decimalScale={4}
            hideControls
            value={amount}
            onChange={setAmount}
          />
        </AddEntryForm>
      )}
    </Stack>
  );
}
