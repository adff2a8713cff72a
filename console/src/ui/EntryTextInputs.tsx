import { TextInput, type TextInputProps } from '@mantine/core';
import type { ReactElement } from 'react';

/** An entry's fields that hold a text. */
type TextField<E> = { [K in keyof E]-?: E[K] extends string ? K : never }[keyof E];

/** One text of an entry as a column: its label (numbered like the entry, "Header 2 name"), a hint and its width. */
export type TextColumn<E> = {
  field: TextField<E>;
  label: (number: number) => string;
  placeholder?: string;
} & Pick<TextInputProps, 'w' | 'style' | 'styles'>;

/** The texts of the entry numbered `number` in an EntryListEditor, an input per column. */
export function EntryTextInputs<E extends object>({
  entry,
  number,
  columns,
  onChange,
  readOnly,
}: {
  entry: E;
  number: number;
  columns: TextColumn<E>[];
  onChange: (entry: E) => void;
  readOnly?: boolean;
}): ReactElement {
  return (
    <>
      {columns.map(({ field, label, ...look }) => (
        <TextInput
          key={String(field)}
          label={label(number)}
          value={String(entry[field])}
          readOnly={readOnly}
          onChange={(event) => onChange({ ...entry, [field]: event.currentTarget.value })}
          {...look}
        />
      ))}
    </>
  );
}
