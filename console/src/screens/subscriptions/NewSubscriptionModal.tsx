import { Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactElement, useState } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { isOperator, usePrincipal } from '../../auth/principal';
import { FormFooter } from '../../ui/FormFooter';
import { RecordSelect } from '../../ui/record-picker/RecordSelect';
import { PRODUCTS } from '../../ui/record-picker/record-sources';
import { subscriptionFieldErrors } from './message-field';
import { subscriptionKey, useSubscriptionModels } from './subscription-queries';

type Draft = Schemas['SubscriptionDraft'];

/** The customers the operator may create a subscription for (a customer's own user creates its own). */
function useCustomerOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['customers', 'options'],
    queryFn: async () =>
      unwrap(await api.GET('/customers', { params: { query: { size: 500, sort: ['name,asc'] } } })).items.map(
        (customer) => ({ value: customer.id, label: customer.name ?? customer.id }),
      ),
    enabled,
  });
}

/** Creates a subscription: its customer (the operator picks one), a model, a product, and the end user's details. */
export function NewSubscriptionModal({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactElement {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const operator = isOperator(usePrincipal());
  const customers = useCustomerOptions(opened && operator);
  const models = useSubscriptionModels(opened);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [modelId, setModelId] = useState<string | null>(null);
  const [productId, setProductId] = useState<string | null>(null);
  const [fields, setFields] = useState({ name: '', enduserId: '', storeId: '', currency: '' });
  const owner = operator ? (customerId ?? undefined) : undefined;
  // A subscription may follow its customer's own models and the operator's.
  const usableModels = (models.data ?? []).filter(
    (model) => !model.customerId || !operator || model.customerId === customerId,
  );
  const create = useMutation({
    mutationFn: async () => {
      const text = Object.fromEntries(
        Object.entries(fields)
          .filter(([, value]) => value.trim() !== '')
          .map(([name, value]) => [name, value.trim()]),
      );
      const body: Draft = {
        ...text,
        ...(owner ? { customerId: owner } : {}),
        ...(modelId ? { modelId } : {}),
        products: productId ? [{ id: productId }] : [],
      };
      return unwrap(await api.POST('/subscriptions', { body, headers: { 'idempotency-key': crypto.randomUUID() } }));
    },
    onSuccess: (created) => {
      queryClient.setQueryData(subscriptionKey(created.id), created);
      void queryClient.invalidateQueries({ queryKey: ['subscriptions', 'list'] });
      close();
      void navigate({ to: '/subscriptions/$subscriptionId', params: { subscriptionId: created.id } });
    },
  });
  const errors = subscriptionFieldErrors(create.error);
  const close = () => {
    create.reset();
    setCustomerId(null);
    setModelId(null);
    setProductId(null);
    setFields({ name: '', enduserId: '', storeId: '', currency: '' });
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const text = (name: keyof typeof fields, label: string, extra: { required?: boolean; maxLength?: number } = {}) => (
    <TextInput
      label={label}
      value={fields[name]}
      onChange={(event) => setFields({ ...fields, [name]: event.currentTarget.value })}
      error={errors[name]}
      {...extra}
    />
  );

  return (
    <Modal opened={opened} onClose={close} title="New subscription" size="lg">
      <form onSubmit={submit}>
        <Stack>
          {operator && (
            <Select
              label="Customer"
              required
              searchable
              data={customers.data ?? []}
              value={customerId}
              onChange={(value) => {
                setCustomerId(value);
                setProductId(null);
                setModelId(null);
              }}
              error={errors.customerId}
              nothingFoundMessage="No customer has this name"
              data-autofocus
            />
          )}
          <Select
            label="Model"
            required
            searchable
            data={usableModels.map((model) => ({
              value: model.id,
              label: `${model.name ?? model.id}${model.term ? ` (every ${model.term.value} ${model.term.unit.toLowerCase()})` : ''}`,
            }))}
            value={modelId}
            onChange={setModelId}
            error={errors.modelId ?? errors.model}
            nothingFoundMessage="No model: create one on the Subscription models screen"
          />
          <RecordSelect
            source={PRODUCTS}
            scope={owner ? { customerId: owner } : {}}
            label="Product"
            required
            value={productId}
            onChange={(id) => setProductId(id ?? null)}
            error={errors.products}
            disabled={operator && !customerId}
          />
          {operator && !customerId && (
            <Text size="xs" c="dimmed">
              Pick the customer first: a subscription holds its customer's products.
            </Text>
          )}
          {text('name', 'Name')}
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            {text('enduserId', 'End user')}
            {text('storeId', 'Store')}
            {text('currency', 'Currency', { maxLength: 3 })}
          </SimpleGrid>
          <FormFooter
            error={create.error}
            errors={errors}
            onCancel={close}
            submitLabel="Create"
            submitting={create.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
