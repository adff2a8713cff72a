import { TextInput, type TextInputProps } from '@mantine/core';
import type { ReactElement } from 'react';
import { type DraftFields, draftFields } from './draft-fields';
import type { ReadyRecord } from './versioned-record';

interface DraftInputProps<D extends object> extends Omit<TextInputProps, 'value' | 'onChange' | 'error'> {
  // biome-ignore lint/suspicious/noExplicitAny: any stored record; the input reads only the draft.
  editor: ReadyRecord<any, D>;
  field: Parameters<DraftFields<D>['text']>[0];
}

/** A text field of a stored record's draft: its value, its change, and the error a refused save names for it. */
export function DraftTextInput<D extends object>({ editor, field, ...props }: DraftInputProps<D>): ReactElement {
  return <TextInput {...draftFields(editor).text(field)} {...props} />;
}
