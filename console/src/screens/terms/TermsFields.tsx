import type { ReactElement } from 'react';
import { IsoDateTimeInput } from '../../ui/DateTimeInput';
import { errorOn } from '../../ui/field-errors';
import { OwnerCustomerSelect } from '../../ui/OwnerCustomerSelect';
import type { ReadyRecord } from '../../ui/versioned-record';

interface Dated {
  startDate: string;
  customerId?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: any stored terms record; these fields read the draft only.
type TermsEditor<D extends Dated> = ReadyRecord<any, D>;

/** When the terms start, in the browser's time zone (stored as an RFC 3339 date-time). */
export function StartInput<D extends Dated>({ editor }: { editor: TermsEditor<D> }): ReactElement {
  return (
    <IsoDateTimeInput
      label="Start"
      required
      value={editor.draft.startDate}
      onChange={(startDate) => editor.update({ startDate: startDate ?? editor.draft.startDate } as Partial<D>)}
      error={errorOn(editor.errors, 'startDate')}
    />
  );
}

/** Whose terms these are: chosen when they are created, fixed afterwards. */
export function OwnerInput<D extends Dated>({ editor }: { editor: TermsEditor<D> }): ReactElement | null {
  if (!editor.creating) return null;
  return (
    <OwnerCustomerSelect
      value={editor.draft.customerId}
      onChange={(customerId) => editor.update({ customerId } as Partial<D>)}
      label="Customer (empty: the platform's own)"
      error={errorOn(editor.errors, 'customerId')}
    />
  );
}
