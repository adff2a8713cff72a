import { type ComboboxProps, MultiSelect, type OptionsFilter, Select } from '@mantine/core';
import { type ReactElement, useState } from 'react';
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

/**
 * The shared props of both pickers: the options found for what is typed (`typed`; undefined while nothing is typed
 * since the last pick) and held, their states.
 */
function usePicker(props: PickerProps, chosen: string[], typed: string | undefined) {
  const { source } = props;
  const options = useRecordOptions(source, { text: typed ?? '', scope: props.scope, chosen, exclude: props.exclude });
  return {
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
      filter: source.searches && typed ? asAnswered : undefined,
      error: props.error,
      nothingFoundMessage: nothing(source, options.loading, Boolean(options.error)),
      'aria-busy': options.loading,
      maxDropdownHeight: 280,
    },
  };
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
  // Until something is typed, the box shows the pick's name, whenever that name is read (an id from the address).
  const [typed, setTyped] = useState<string>();
  const picker = usePicker(props, value ? [value] : [], typed);
  const name = picker.options.data.find((option) => option.value === value)?.label ?? '';
  return (
    <Select
      {...picker.common}
      placeholder={props.placeholder ?? `Search a ${props.source.noun} by name`}
      clearable={!props.required}
      allowDeselect={false}
      value={value ?? null}
      onChange={(next) => {
        setTyped(undefined);
        onChange(next ?? undefined);
      }}
      searchValue={typed ?? name}
      onSearchChange={(text) => setTyped(text === name ? undefined : text)}
    />
  );
}

/** Several records chosen by their names; ids held that the list does not show stay chosen, by their names. */
export function RecordMultiSelect({
  value,
  onChange,
  ...props
}: PickerProps & { value: string[]; onChange: (ids: string[]) => void }): ReactElement {
  const [typed, setTyped] = useState('');
  const picker = usePicker(props, value, typed);
  return (
    <MultiSelect
      {...picker.common}
      placeholder={value.length ? undefined : (props.placeholder ?? `Search ${props.source.noun}s by name`)}
      clearable
      hidePickedOptions
      value={value}
      onChange={onChange}
      searchValue={typed}
      onSearchChange={setTyped}
    />
  );
}
