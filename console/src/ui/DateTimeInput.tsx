import { TextInput } from '@mantine/core';
import type { ReactElement } from 'react';

/** Epoch milliseconds as the value of a `datetime-local` input (the browser's time zone), and back. */
function toLocalInput(epoch: number | undefined): string {
  if (epoch === undefined || !Number.isFinite(epoch)) return '';
  return new Date(epoch - new Date(epoch).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function fromLocalInput(value: string): number | undefined {
  const epoch = new Date(value).getTime();
  return Number.isFinite(epoch) ? epoch : undefined;
}

/** An epoch as the API's RFC 3339 text (whole seconds without their `.000`). */
const iso = (epoch: number) => new Date(epoch).toISOString().replace('.000Z', 'Z');

interface Props<T> {
  label: string;
  value: T | undefined;
  /** Undefined when the input is emptied. */
  onChange: (value: T | undefined) => void;
  description?: string;
  required?: boolean;
  readOnly?: boolean;
  error?: string;
}

function LocalDateTime({ value, onChange, description, ...props }: Props<number>): ReactElement {
  return (
    <TextInput
      {...props}
      description={description ?? 'Your local time'}
      type="datetime-local"
      value={toLocalInput(value)}
      onChange={(event) => onChange(fromLocalInput(event.currentTarget.value))}
    />
  );
}

/** A date and time picked in the browser's time zone, stored as an RFC 3339 date-time. */
export function IsoDateTimeInput({ value, onChange, ...props }: Props<string>): ReactElement {
  const epoch = value ? new Date(value).getTime() : undefined;
  return (
    <LocalDateTime {...props} value={epoch} onChange={(next) => onChange(next === undefined ? undefined : iso(next))} />
  );
}

/** A date and time picked in the browser's time zone, stored as epoch milliseconds. */
export const EpochDateTimeInput = LocalDateTime;

/** An RFC 3339 date-time as a short local date. */
export const shortDate = (value: string | undefined) => (value ? new Date(value).toLocaleDateString() : '');
