import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { isOperator, usePrincipal } from '../../auth/principal';
import { FormFooter } from '../../ui/FormFooter';
import type { PriceFunction } from './price-function-draft';
import { priceFunctionListKey } from './price-function-queries';

/**
 * Copies the function to a customer (POST /price-functions/{id}/duplicate/{customerId}) and opens the copy: a customer
 * copies to itself (to change the copy while its products keep the original); the operator to any customer.
 */
export function DuplicatePriceFunction({ fn }: { fn: PriceFunction }) {
  const principal = usePrincipal();
  const operator = isOperator(principal);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure();
  const [customerId, setCustomerId] = useState(principal?.customerId ?? fn.customerId ?? '');
  const duplicate = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/price-functions/{id}/duplicate/{customerId}', {
          params: { path: { id: fn.id, customerId: customerId.trim() } },
          headers: { 'idempotency-key': crypto.randomUUID() },
        }),
      ),
    onSuccess: (copy) => {
      void queryClient.invalidateQueries({ queryKey: priceFunctionListKey });
      close();
      void navigate({ to: '/price-functions/$priceFunctionId', params: { priceFunctionId: copy.id } });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    duplicate.mutate();
  };

  return (
    <>
      <Button variant="default" onClick={open}>
        Duplicate
      </Button>
      <Modal opened={opened} onClose={close} title="Duplicate the price function">
        <form onSubmit={submit}>
          <Stack>
            <Text size="sm">
              The copy starts at version 0 and remembers this function as its original. Products keep the function they
              name.
            </Text>
            <TextInput
              label="To customer (id)"
              required
              readOnly={!operator}
              value={customerId}
              onChange={(event) => setCustomerId(event.currentTarget.value)}
              data-autofocus
            />
            <FormFooter
              error={duplicate.error}
              onCancel={close}
              submitLabel="Duplicate"
              submitting={duplicate.isPending}
              disabled={!customerId.trim()}
            />
          </Stack>
        </form>
      </Modal>
    </>
  );
}
