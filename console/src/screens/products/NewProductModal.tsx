import { Select, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { LifetimeSelect } from '../../ui/LifetimeSelect';
import { ModalForm } from '../../ui/ModalForm';
import { OwnerCustomerSelect } from '../../ui/OwnerCustomerSelect';
import { StoresInput } from '../../ui/store-pickers';
import { useFormDialog } from '../../ui/use-form-dialog';
import { CHOICE_FILTERS } from './product-filters';

type Draft = Schemas['ProductDraft'];
type Product = Schemas['Product'];

/** What a new variant takes from its parent: it belongs to the parent's customer and starts in its stores. */
interface Parent {
  id: string;
  customerId?: string;
  label: string;
  sellingStores: string[];
}

/**
 * Creates a product (or, given `parent`, a variant of it) from the fields the API requires, then opens it: prices,
 * texts and the rest are edited there.
 */
export function NewProductModal({
  opened,
  onClose,
  parent,
}: {
  opened: boolean;
  onClose: () => void;
  parent?: Parent;
}): ReactElement {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: async (body: Draft): Promise<Product> =>
      unwrap(await api.POST('/products', { body, headers: { 'idempotency-key': crypto.randomUUID() } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
  const form = useFormDialog({
    initial: (): Draft => ({
      genericName: '',
      publisherRefId: '',
      lifeTime: '1YEAR',
      sellingStores: parent?.sellingStores ?? [],
      prices: {},
      ...(parent ? { variantOf: parent.id, customerId: parent.customerId } : {}),
    }),
    mutation: create,
    onClose,
    onSaved: (created) => navigate({ to: '/products/$productId', params: { productId: created.id } }),
  });
  const { fields } = form;

  return (
    <ModalForm
      {...form.modal}
      opened={opened}
      title={parent ? `New variant of ${parent.label}` : 'New product'}
      submitLabel="Create"
    >
      <TextInput label="Name" {...fields.text('genericName')} data-autofocus />
      <TextInput
        label="Publisher reference"
        description="Unique among the customer's products, at most 80 characters"
        required
        {...fields.text('publisherRefId')}
      />
      <LifetimeSelect
        label="Lifetime"
        required
        {...fields.value('lifeTime')}
        onChange={(lifeTime) => form.update({ lifeTime: lifeTime ?? '' })}
      />
      <StoresInput label="Selling stores" {...fields.value('sellingStores')} />
      <Select label="Type" clearable data={[...CHOICE_FILTERS.type]} {...fields.choice('type', CHOICE_FILTERS.type)} />
      {!parent && (
        <OwnerCustomerSelect
          label="Customer (empty: a product of the platform, readable by every customer)"
          {...fields.value('customerId')}
        />
      )}
    </ModalForm>
  );
}
