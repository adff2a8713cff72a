import { type ComboboxItem, type OptionsFilter, Select } from '@mantine/core';
import { type ReactElement, useState } from 'react';
import { LIFETIME_PERIODS } from '../../../src/apis/catalog/lifetime';

const COMMON = ['1MONTH', '3MONTH', '6MONTH', '12MONTH', '1YEAR', '2YEAR', '30DAY', '1WEEK', '1QUARTER', 'LIFETIME'];

/** `12MONTH` as a person reads it: "12 months (12MONTH)"; a bare period is one of it. */
export function lifetimeLabel(code: string): string {
  const match = /^(\d*)([A-Z]+)$/.exec(code);
  if (!match) return code;
  const [, count = '', period = ''] = match;
  if (period === 'LIFETIME') return `Lifetime${count ? ` × ${count}` : ''} (${code})`;
  const word = period.toLowerCase();
  if (!count) return `One ${word} (${code})`;
  return `${count} ${word}${count === '1' ? '' : 's'} (${code})`;
}

const option = (code: string): ComboboxItem => ({ value: code, label: lifetimeLabel(code) });

/**
 * The lifetimes offered for what is typed: a number ("12") with each period, a word ("year", "1 y") narrowing the
 * periods; nothing typed, the usual ones. The periods are the product schema's (`src/apis/catalog/lifetime.ts`).
 */
function offered(typed: string, value: string | undefined): ComboboxItem[] {
  const [, digits = '', words = ''] = /^\s*(\d*)\s*([a-z]*)/i.exec(typed) ?? [];
  const count = digits.replace(/^0+/, '').slice(0, 4);
  const word = words.toUpperCase();
  const periods = LIFETIME_PERIODS.filter((period) => period.startsWith(word));
  const codes = !digits && !word ? COMMON : periods.map((period) => (period === 'LIFETIME' ? period : count + period));
  return [...new Set([...(value ? [value] : []), ...codes])].map(option);
}

/** The options are made for the text typed: show them all. */
const asOffered: OptionsFilter = ({ options }) => options;

/** A lifetime picked as "12 months" or "1 year" rather than typed as a code; the value is the API's (`12MONTH`). */
export function LifetimeSelect({
  value,
  onChange,
  ...props
}: {
  label: string;
  value: string | undefined;
  onChange: (code: string | undefined) => void;
  required?: boolean;
  readOnly?: boolean;
  error?: string;
  description?: string;
}): ReactElement {
  const [typed, setTyped] = useState('');
  const shown = value ? lifetimeLabel(value) : '';
  return (
    <Select
      {...props}
      description={props.description ?? 'Type a number and a period: "12 m", "1 year"'}
      searchable
      clearable={!props.required}
      allowDeselect={false}
      data={offered(typed === shown ? '' : typed, value)}
      filter={asOffered}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      searchValue={typed}
      onSearchChange={setTyped}
      nothingFoundMessage="A lifetime is a number then day, week, month, quarter or year, or lifetime"
    />
  );
}
