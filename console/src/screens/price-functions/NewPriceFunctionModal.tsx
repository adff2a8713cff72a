import { Textarea, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { shownFields } from '../../ui/field-errors';
import { ModalForm } from '../../ui/ModalForm';
import { OwnerCustomerSelect } from '../../ui/OwnerCustomerSelect';
import { useFormDialog } from '../../ui/use-form-dialog';
import { CODE_INPUT } from './code-input';
import { ParametersEditor } from './ParametersEditor';
import type { PriceFunctionDraft } from './price-function-draft';
import { useCreatePriceFunction } from './price-function-queries';

const SHOWN = shownFields('name', 'expression', 'customerId', 'parameters');
const EMPTY: PriceFunctionDraft = { name: '', expression: 'price', parameters: [] };

/**
 * Creates a function from a name, an expression and the parameters it reads, in one step (an expression reading a
 * parameter is refused until the parameter exists), then opens it in the editor with its preview.
 */
export function NewPriceFunctionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreatePriceFunction();
  const form = useFormDialog({
    initial: EMPTY,
    mutation: create,
    onClose,
    onSaved: (created) =>
      navigate({ to: '/price-functions/$priceFunctionId', params: { priceFunctionId: created.id } }),
  });
  const { fields } = form;

  return (
    <ModalForm {...form.modal} opened={opened} title="New price function" size="lg" shown={SHOWN} submitLabel="Create">
      <TextInput label="Name" required {...fields.text('name')} data-autofocus />
      <Textarea
        label="Expression"
        description="JEXL over price, quantity and the parameters below, e.g. price * (100 - discount) / 100"
        required
        autosize
        minRows={3}
        styles={CODE_INPUT}
        {...fields.text('expression')}
      />
      <Title order={2} size="h5">
        Parameters
      </Title>
      <ParametersEditor
        parameters={form.draft.parameters ?? []}
        onChange={(parameters) => form.update({ parameters })}
        errors={form.errors}
        readOnly={false}
      />
      <OwnerCustomerSelect label="For customer" {...fields.value('customerId')} />
    </ModalForm>
  );
}
