import { Modal, type ModalProps, Stack } from '@mantine/core';
import type { FormEvent, ReactElement, ReactNode } from 'react';
import { FormFooter } from './FormFooter';
import type { FieldErrors } from './field-errors';

/**
 * A dialog that is one form: its fields, why the last try was refused when no field it shows names it, Cancel and the
 * submit button. Submitting (the button or Enter) calls `onSubmit`; closing calls `onClose`. Given an `outcome`, the
 * dialog shows it instead of the form (what a success answered that is shown only once, such as a secret).
 */
export function ModalForm({
  opened,
  onClose,
  title,
  size,
  onSubmit,
  error,
  errors,
  shown,
  submitLabel,
  submitting,
  disabled,
  outcome,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  onSubmit: () => void;
  error: unknown;
  errors: FieldErrors;
  /** The fields the form shows errors on; by default any field named counts as shown. */
  shown?: (path: string) => boolean;
  submitLabel: string;
  submitting: boolean;
  disabled?: boolean;
  outcome?: ReactNode;
  children: ReactNode;
}): ReactElement {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      {outcome ? (
        <Stack>{outcome}</Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack>
            {children}
            <FormFooter
              error={error}
              errors={errors}
              shown={shown}
              onCancel={onClose}
              submitLabel={submitLabel}
              submitting={submitting}
              disabled={disabled}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
