import { Textarea, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorOn, fieldErrorsOf, shownFields } from '../../ui/field-errors';
import { ModalForm } from '../../ui/ModalForm';
import { OwnerCustomerSelect } from '../../ui/OwnerCustomerSelect';
import { CODE_INPUT } from './code-input';
import { ParametersEditor } from './ParametersEditor';
import type { Parameter } from './price-function-draft';
import { useCreatePriceFunction } from './price-function-queries';

const SHOWN = shownFields('name', 'expression', 'customerId', 'parameters');

/**
 * Creates a function from a name, an expression and the parameters it reads, in one step (an expression reading a
 * parameter is refused until the parameter exists), then opens it in the editor with its preview.
 */
export function NewPriceFunctionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [expression, setExpression] = useState('price');
  const [parameters, setParameters] = useState<Parameter[]>([]);
  const [customerId, setCustomerId] = useState<string>();
  const create = useCreatePriceFunction();
  const errors = fieldErrorsOf(create.error);
  const close = () => {
    create.reset();
    setName('');
    setExpression('price');
    setParameters([]);
    setCustomerId(undefined);
    onClose();
  };
  const submit = () =>
    create.mutate(
      {
        name,
        expression,
        ...(parameters.length ? { parameters } : {}),
        ...(customerId ? { customerId } : {}),
      },
      {
        onSuccess: (created) =>
          void navigate({ to: '/price-functions/$priceFunctionId', params: { priceFunctionId: created.id } }),
      },
    );

  return (
    <ModalForm
      opened={opened}
      onClose={close}
      title="New price function"
      size="lg"
      onSubmit={submit}
      error={create.error}
      errors={errors}
      shown={SHOWN}
      submitLabel="Create"
      submitting={create.isPending}
    >
      <TextInput
        label="Name"
        required
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={errorOn(errors, 'name')}
        data-autofocus
      />
      <Textarea
        label="Expression"
        description="JEXL over price, quantity and the parameters below, e.g. price * (100 - discount) / 100"
        required
        autosize
        minRows={3}
        styles={CODE_INPUT}
        value={expression}
        onChange={(event) => setExpression(event.currentTarget.value)}
        error={errorOn(errors, 'expression')}
      />
      <Title order={2} size="h5">
        Parameters
      </Title>
      <ParametersEditor parameters={parameters} onChange={setParameters} errors={errors} readOnly={false} />
      <OwnerCustomerSelect
        label="For customer"
        value={customerId}
        onChange={setCustomerId}
        error={errorOn(errors, 'customerId')}
      />
    </ModalForm>
  );
}
