import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { isOperator, usePrincipal } from '../../auth/principal';
import { CODE_INPUT } from './code-input';
import { saveErrors } from './price-function-draft';
import { useCreatePriceFunction } from './price-function-queries';

const SHOWN = new Set(['name', 'expression', 'customerId']);

/** Creates a function from a name and an expression, then opens it in the editor for its parameters and a preview. */
export function NewPriceFunctionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const operator = isOperator(usePrincipal());
  const [name, setName] = useState('');
  const [expression, setExpression] = useState('price');
  const [customerId, setCustomerId] = useState('');
  const create = useCreatePriceFunction();
  const errors = saveErrors(create.error, (field) => SHOWN.has(field));
  const close = () => {
    create.reset();
    setName('');
    setExpression('price');
    setCustomerId('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, expression, ...(customerId.trim() ? { customerId: customerId.trim() } : {}) },
      {
        onSuccess: (created) =>
          void navigate({ to: '/price-functions/$priceFunctionId', params: { priceFunctionId: created.id } }),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="New price function">
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.fields.name}
            data-autofocus
          />
          <Textarea
            label="Expression"
            description="JEXL over price, quantity and the parameters you add next, e.g. price * 0.9"
            required
            autosize
            minRows={3}
            styles={CODE_INPUT}
            value={expression}
            onChange={(event) => setExpression(event.currentTarget.value)}
            error={errors.fields.expression}
          />
          {operator && (
            <TextInput
              label="For customer (id)"
              description="Empty: an operator function"
              value={customerId}
              onChange={(event) => setCustomerId(event.currentTarget.value)}
              error={errors.fields.customerId}
            />
          )}
          {errors.general && (
            <div role="alert" style={{ color: 'var(--mantine-color-red-8)' }}>
              {errors.general}
            </div>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
