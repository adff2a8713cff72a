import type { UseMutationResult } from '@tanstack/react-query';
import { draftFields } from './draft-fields';
import { type FieldErrors, fieldErrorsOf } from './field-errors';
import { useDraft } from './use-draft';

interface FormDialogSpec<D extends object, R> {
  /** The draft the dialog opens with, each time. */
  initial: D | (() => D);
  /** What submitting runs, with the draft. */
  mutation: UseMutationResult<R, Error, D>;
  onClose: () => void;
  /** After the mutation succeeded, once the dialog closed (e.g. opens what was created). */
  onSaved?: (saved: R) => unknown;
  /** The dialog stays open on what the mutation answered (ModalForm's `outcome`), until closed. */
  keepOpen?: boolean;
  /** The refusal's errors by field path, as the form's fields name them. */
  errorsOf?: (error: unknown) => FieldErrors;
}

/**
 * A dialog that is one form over a draft of its own: the draft and its fields' bindings, and the ModalForm props that
 * submit it with the mutation. Closing (Cancel, Escape, or a success) forgets the draft and the last refusal, so the
 * dialog opens afresh.
 */
export function useFormDialog<D extends object, R>({
  initial,
  mutation,
  onClose,
  onSaved,
  keepOpen = false,
  errorsOf = fieldErrorsOf,
}: FormDialogSpec<D, R>) {
  const { draft, update, reset } = useDraft(initial);
  const errors = errorsOf(mutation.error);
  const close = () => {
    mutation.reset();
    reset();
    onClose();
  };
  const submit = () =>
    mutation.mutate(draft, {
      onSuccess: (saved) => {
        if (!keepOpen) close();
        return onSaved?.(saved);
      },
    });
  return {
    draft,
    update,
    fields: draftFields({ draft, update, errors }),
    errors,
    close,
    /** The props of the dialog's ModalForm (opened, title and submit label are the dialog's own). */
    modal: { onClose: close, onSubmit: submit, error: mutation.error, errors, submitting: mutation.isPending },
  };
}
