import { Select, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactElement, useState } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { errorOn, fieldErrorsOf } from '../../ui/field-errors';
import { LifetimeSelect } from '../../ui/LifetimeSelect';
import { ModalForm } from '../../ui/ModalForm';
import { OwnerCustomerSelect } from '../../ui/OwnerCustomerSelect';
import { StoresInput } from '../../ui/store-pickers';
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
  const [genericName, setGenericName] = useState('');
  const [publisherRefId, setPublisherRefId] = useState('');
  const [lifeTime, setLifeTime] = useState<string | undefined>('1YEAR');
  const [sellingStores, setSellingStores] = useState<string[]>(parent?.sellingStores ?? []);
  const [type, setType] = useState<Draft['type'] | null>(null);
  const [customerId, setCustomerId] = useState<string>();
  const create = useMutation({
    mutationFn: async (): Promise<Product> => {
      const owner = parent ? parent.customerId : customerId;
      const body: Draft = {
        genericName,
        publisherRefId,
        lifeTime: lifeTime ?? '',
        sellingStores,
        prices: {},
        ...(type ? { type } : {}),
        ...(owner ? { customerId: owner } : {}),
        ...(parent ? { variantOf: parent.id } : {}),
      };
      return unwrap(await api.POST('/products', { body, headers: { 'idempotency-key': crypto.randomUUID() } }));
    },
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: ['products'] });
      close();
      await navigate({ to: '/products/$productId', params: { productId: created.id } });
    },
  });
  const errors = fieldErrorsOf(create.error);
  const close = () => {
    create.reset();
    setGenericName('');
    setPublisherRefId('');
    onClose();
  };

  return (
    <ModalForm
      opened={opened}
      onClose={close}
      title={parent ? `New variant of ${parent.label}` : 'New product'}
      onSubmit={() => create.mutate()}
      error={create.error}
      errors={errors}
      submitLabel="Create"
      submitting={create.isPending}
    >
      <TextInput
        label="Name"
        value={genericName}
        onChange={(event) => setGenericName(event.currentTarget.value)}
        error={errorOn(errors, 'genericName')}
        data-autofocus
      />
      <TextInput
        label="Publisher reference"
        description="Unique among the customer's products, at most 80 characters"
        required
        value={publisherRefId}
        onChange={(event) => setPublisherRefId(event.currentTarget.value)}
        error={errorOn(errors, 'publisherRefId')}
      />
      <LifetimeSelect
        label="Lifetime"
        required
        value={lifeTime}
        onChange={setLifeTime}
        error={errorOn(errors, 'lifeTime')}
      />
      <StoresInput
        label="Selling stores"
        value={sellingStores}
        onChange={setSellingStores}
        error={errorOn(errors, 'sellingStores')}
      />
      <Select
        label="Type"
        clearable
        data={[...CHOICE_FILTERS.type]}
        value={type ?? null}
        onChange={(value) => setType((value as Draft['type']) ?? null)}
      />
      {!parent && (
        <OwnerCustomerSelect
          label="Customer (empty: a product of the platform, readable by every customer)"
          value={customerId}
          onChange={setCustomerId}
          error={errorOn(errors, 'customerId')}
        />
      )}
    </ModalForm>
  );
}
