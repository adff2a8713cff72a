import { Button, Group, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { plainWords } from '../api/api-error';
import { type FieldErrors, unplacedError } from './field-errors';

/**
 * The end of a dialog's form: why the last try was refused when no field shows it (`errors` are the ones the fields
 * show), then Cancel and the submit button.
 */
export function FormFooter({
  error,
  errors = {},
  shown = () => true,
  onCancel,
  submitLabel,
  submitting,
  disabled,
}: {
  error: unknown;
  errors?: FieldErrors;
  /** The fields the form shows errors on: a refusal naming another is said here too. */
  shown?: (path: string) => boolean;
  onCancel: () => void;
  submitLabel: string;
  submitting: boolean;
  disabled?: boolean;
}): ReactElement {
  return (
    <>
      {unplacedError(error, errors, shown) && (
        <Text c="red.8" size="sm" role="alert">
          {plainWords(error)}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={submitting} disabled={disabled}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
