import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { ReactElement } from 'react';

/** A list filter typed as text: the URL changes once the typing pauses, not at each key. */
export function TextFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}): ReactElement {
  const changed = useDebouncedCallback((text: string) => onChange(text.trim() || undefined), 300);
  return (
    <TextInput label={label} defaultValue={value ?? ''} onChange={(event) => changed(event.currentTarget.value)} />
  );
}
