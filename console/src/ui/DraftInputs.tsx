import { TextInput, type TextInputProps } from '@mantine/core';
import type { ReactElement } from 'react';
import { errorOn } from './field-errors';
import type { ReadyRecord } from './versioned-record';

/** The draft's fields that hold a text. */
type TextField<D> = { [K in keyof D]-?: NonNullable<D[K]> extends string ? K : never }[keyof D] & string;

interface DraftInputProps<D extends object> extends Omit<TextInputProps, 'value' | 'onChange' | 'error'> {
  // biome-ignore lint/suspicious/noExplicitAny: any stored record; the input reads only the draft.
  editor: ReadyRecord<any, D>;
  field: TextField<D>;
}

/** A text field of the draft: its value, its change, and the error a refused save names for it. */
export function DraftTextInput<D extends object>({ editor, field, ...props }: DraftInputProps<D>): ReactElement {
  return (
    <TextInput
      {...props}
      value={String(editor.draft[field] ?? '')}
      onChange={(event) => editor.update({ [field]: event.currentTarget.value } as Partial<D>)}
      error={errorOn(editor.errors, field)}
    />
  );
}
