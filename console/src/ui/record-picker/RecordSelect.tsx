import { type ComboboxProps, MultiSelect, type OptionsFilter, Select } from '@mantine/core';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { useRecordOptions } from './record-options';
import type { RecordScope, RecordSource } from './record-sources';

interface PickerProps {
  source: RecordSource;
  label: string;
  description?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  /** Only the records of this listing's filters (`{ customerId }`: one customer's products). */
  scope?: RecordScope;
  /** Records that may not be chosen here. */
  exclude?: string[];
  w?: number | string | Record<string, number | string>;
  maw?: string;
  comboboxProps?: ComboboxProps;
}

/** The API matched the words typed (`q`): every option it answered is shown, whatever its label says. */
const asAnswered: OptionsFilter = ({ options }) => options;

/** What the picker's list says when it offers nothing. */
function nothing(source: RecordSource, loading: boolean, failed: boolean): string {
  if (failed) return `The ${source.noun}s could not be read.`;
  return loading ? 'Searching…' : `No ${source.noun} of that name`;
}

/** The shared props of both pickers: search, the options found and held, their states. */
function usePicker(props: PickerProps, chosen: string[]) {
  const { source } = props;
  const [typed, setTyped] = useState('');
  const options = useRecordOptions(source, { text: typed, scope: props.scope, chosen, exclude: props.exclude });
  // A single pick shows its label in the search box: that is no new search.
  const shownLabel = options.data.find((option) => chosen.includes(option.value))?.label;
  return {
    typed,
    setTyped,
    options,
    common: {
      label: props.label,
      description: props.description,
      required: props.required,
      disabled: props.disabled,
      readOnly: props.readOnly,
      w: props.w,
      maw: props.maw,
      comboboxProps: props.comboboxProps,
      searchable: true,
      data: options.data,
      filter: source.searches && typed !== shownLabel ? asAnswered : undefined,
      error: props.error,
      nothingFoundMessage: nothing(source, options.loading, Boolean(options.error)),
      'aria-busy': options.loading,
      maxDropdownHeight: 280,
    },
  };
}

/**
 * The search box of a single pick shows the picked record's name, also when the name is read after the value was set
 * (an id from the address): the box then still holds the id, or the label it showed before.
 */
function useShownName(picker: ReturnType<typeof usePicker>, value: string | undefined | null) {
  const label = picker.options.data.find((option) => option.value === value)?.label;
  const shown = useRef(label);
  const { typed, setTyped } = picker;
  useEffect(() => {
    if (!label || label === shown.current) return;
    if (typed === '' || typed === value || typed === shown.current) setTyped(label);
    shown.current = label;
  }, [label, typed, value, setTyped]);
}

/**
 * One record chosen by its name, searched as one types (the API's text search where the kind has one); the value is
 * its id. A value the list does not hold (another page) shows by its name.
 */
export function RecordSelect({
  value,
  onChange,
  ...props
}: PickerProps & { value: string | undefined | null; onChange: (id: string | undefined) => void }): ReactElement {
  const picker = usePicker(props, value ? [value] : []);
  useShownName(picker, value);
  return (
    <Select
      {...picker.common}
      placeholder={props.placeholder ?? `Search a ${props.source.noun} by name`}
      clearable={!props.required}
      allowDeselect={false}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      searchValue={picker.typed}
      onSearchChange={picker.setTyped}
    />
  );
}

/** Several records chosen by their names; ids held that the list does not show stay chosen, by their names. */
export function RecordMultiSelect({
  value,
  onChange,
  ...props
}: PickerProps & { value: string[]; onChange: (ids: string[]) => void }): ReactElement {
  const picker = usePicker(props, value);
  return (
    <MultiSelect
      {...picker.common}
      placeholder={value.length ? undefined : (props.placeholder ?? `Search ${props.source.noun}s by name`)}
      clearable
      hidePickedOptions
      value={value}
      onChange={onChange}
      searchValue={picker.typed}
      onSearchChange={picker.setTyped}
    />
  );
}
