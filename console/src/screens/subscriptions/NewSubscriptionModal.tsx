import { Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Listed, type Schemas } from '../../api/client';
import { isOperator, usePrincipal } from '../../auth/principal';
import { errorOn } from '../../ui/field-errors';
import { ModalForm } from '../../ui/ModalForm';
import { OwnerCustomerSelect } from '../../ui/OwnerCustomerSelect';
import { RecordSelect } from '../../ui/record-picker/RecordSelect';
import { PRODUCTS } from '../../ui/record-picker/record-sources';
import { useFormDialog } from '../../ui/use-form-dialog';
import { subscriptionFieldErrors } from './message-field';
import { subscriptionKey, useSubscriptionModels } from './subscription-queries';

type Draft = Schemas['SubscriptionDraft'];
type Model = Listed<'/subscription-models'>;

/** The texts of a new subscription, each left out while blank. */
const TEXTS = ['name', 'enduserId', 'storeId', 'currency'] as const;
const EMPTY: Draft = { name: '', enduserId: '', storeId: '', currency: '', products: [] };

/** A model in the list: its name and how often it renews. */
const modelOption = (model: Model) => ({
  value: model.id,
  label: `${model.name ?? model.id}${model.term ? ` (every ${model.term.value} ${model.term.unit.toLowerCase()})` : ''}`,
});

/** Creates a subscription: its customer (the operator picks one), a model, a product, and the end user's details. */
export function NewSubscriptionModal({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactElement {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const operator = isOperator(usePrincipal());
  const models = useSubscriptionModels(opened);
  const create = useMutation({
    mutationFn: async (draft: Draft) => {
      const body: Draft = { ...draft };
      for (const field of TEXTS) body[field] = draft[field]?.trim() || undefined;
      return unwrap(await api.POST('/subscriptions', { body, headers: { 'idempotency-key': crypto.randomUUID() } }));
    },
    onSuccess: (created) => {
      queryClient.setQueryData(subscriptionKey(created.id), created);
      void queryClient.invalidateQueries({ queryKey: ['subscriptions', 'list'] });
    },
  });
  const form = useFormDialog({
    initial: EMPTY,
    mutation: create,
    onClose,
    onSaved: (created) => navigate({ to: '/subscriptions/$subscriptionId', params: { subscriptionId: created.id } }),
    errorsOf: subscriptionFieldErrors,
  });
  const { draft, fields } = form;
  // Only the operator picks the customer; a customer's own token creates its own subscriptions.
  const owner = draft.customerId;
  // A subscription may follow its customer's own models and the operator's.
  const usableModels = (models.data ?? []).filter(
    (model) => !model.customerId || !operator || model.customerId === owner,
  );

  return (
    <ModalForm {...form.modal} opened={opened} title="New subscription" size="lg" submitLabel="Create">
      <OwnerCustomerSelect
        required
        value={owner}
        // The model and product picked were the former customer's.
        onChange={(customerId) => form.update({ customerId, modelId: undefined, products: [] })}
        error={fields.error('customerId')}
      />
      <Select
        label="Model"
        required
        searchable
        data={usableModels.map(modelOption)}
        value={draft.modelId ?? null}
        onChange={(modelId) => form.update({ modelId: modelId ?? undefined })}
        error={errorOn(form.errors, 'modelId', 'model')}
        nothingFoundMessage="No model: create one on the Subscription models screen"
      />
      <RecordSelect
        source={PRODUCTS}
        scope={owner ? { customerId: owner } : {}}
        label="Product"
        required
        value={draft.products?.[0]?.id}
        onChange={(id) => form.update({ products: id ? [{ id }] : [] })}
        error={fields.error('products')}
        disabled={operator && !owner}
      />
      {operator && !owner && (
        <Text size="xs" c="dimmed">
          Pick the customer first: a subscription holds its customer's products.
        </Text>
      )}
      <TextInput label="Name" {...fields.text('name')} />
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <TextInput label="End user" {...fields.text('enduserId')} />
        <TextInput label="Store" {...fields.text('storeId')} />
        <TextInput label="Currency" maxLength={3} {...fields.text('currency')} />
      </SimpleGrid>
    </ModalForm>
  );
}
