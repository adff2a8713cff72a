import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { ReactElement } from 'react';

/** A trial's length, "Trial (days)": whole days, from none to ten years. */
export function TrialDaysInput(props: Omit<NumberInputProps, 'label' | 'min' | 'max' | 'allowDecimal'>): ReactElement {
  return <NumberInput label="Trial (days)" min={0} max={3650} allowDecimal={false} {...props} />;
}
