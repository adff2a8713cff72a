import { MultiSelect, Select } from '@mantine/core';
import { iso31661 } from 'iso-3166/1.js';

/** A country's name in the reader's language, its English name where the browser has none. */
const regionNames = new Intl.DisplayNames(undefined, { type: 'region', fallback: 'none' });
const currencyNames = new Intl.DisplayNames(undefined, { type: 'currency', fallback: 'none' });

/** ISO 3166-1 countries (the list the API checks against), by name. */
const COUNTRIES = iso31661
  .map((entry) => ({ value: entry.alpha2, label: `${regionNames.of(entry.alpha2) ?? entry.name} (${entry.alpha2})` }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** ISO 4217 currencies the browser knows, by code with their name. */
const CURRENCIES = Intl.supportedValuesOf('currency').map((code) => ({
  value: code,
  label: `${code} · ${currencyNames.of(code) ?? code}`,
}));

/** A country code as a person reads it: "France (FR)"; a code the list does not know stays as it is. */
export const countryLabel = (code: string) => COUNTRIES.find((country) => country.value === code)?.label ?? code;

interface Shared {
  label: string;
  error?: string;
  description?: string;
  required?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  w?: number;
}

interface PickerProps extends Shared {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** Options offered before the list (a price grid's DEFAULT country). */
  extra?: { value: string; label: string }[];
}

const searching = { searchable: true, limit: 300 } as const;

/** A country chosen by its name or code ("Swe" or "SE" finds Sweden); the value is the ISO code. */
export function CountrySelect({ extra = [], ...props }: PickerProps) {
  return <PlaceSelect {...props} data={[...extra, ...COUNTRIES]} nothing="No country of that name or code" />;
}

/** A currency chosen by its code or name ("euro" finds EUR); the value is the ISO code. */
export function CurrencySelect(props: PickerProps) {
  return <PlaceSelect {...props} data={CURRENCIES} nothing="No currency of that code or name" />;
}

/** Countries chosen by name or code; the value is their ISO codes. */
export function CountriesMultiSelect({
  value,
  onChange,
  ...props
}: Shared & { value: string[]; onChange: (codes: string[]) => void }) {
  return (
    <MultiSelect
      {...props}
      {...searching}
      clearable
      hidePickedOptions
      data={COUNTRIES}
      value={value}
      onChange={onChange}
      nothingFoundMessage="No country of that name or code"
    />
  );
}

function PlaceSelect({
  value,
  onChange,
  nothing,
  ...props
}: Omit<PickerProps, 'extra'> & { data: { value: string; label: string }[]; nothing: string }) {
  return (
    <Select
      {...props}
      {...searching}
      clearable={!props.required}
      allowDeselect={false}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      nothingFoundMessage={nothing}
    />
  );
}
