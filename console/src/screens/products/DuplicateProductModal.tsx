import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactElement, useState } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { errorOn, fieldErrorsOf } from '../../ui/field-errors';
import { ModalForm } from '../../ui/ModalForm';
import type { Product } from './product-draft';

type Options = NonNullable<Schemas['ProductDuplication']['duplicationOptions']>;

const OPTIONS: { option: keyof Options; label: string }[] = [
  { option: 'duplicateGeneral', label: 'General fields (type, stores, catalog, status…)' },
  { option: 'duplicatePrices', label: 'Prices and price function' },
  { option: 'duplicateLocalizedContent', label: 'Texts (a copy of the description)' },
  { option: 'duplicateProductVariations', label: 'Variants, with the same options' },
  { option: 'duplicateFulfillment', label: 'Fulfillment template' },
  { option: 'duplicateSubscription', label: 'Subscription and trial' },
  { option: 'duplicateProductFiles', label: 'Related contents and resources' },
];

/** `POST /products/{id}/duplicate`: a copy under a new name and reference, with the groups of fields ticked. */
export function DuplicateProductModal({
  product,
  opened,
  onClose,
}: {
  product: Product;
  opened: boolean;
  onClose: () => void;
}): ReactElement {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [productName, setProductName] = useState(`${product.genericName ?? product.publisherRefId} (copy)`);
  const [publisherRefId, setPublisherRefId] = useState(`${product.publisherRefId}-COPY`.slice(0, 80));
  const [options, setOptions] = useState<Options>({
    duplicateGeneral: true,
    duplicatePrices: true,
    duplicateLocalizedContent: true,
  });
  const duplicate = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/products/{id}/duplicate', {
          params: { path: { id: product.id } },
          body: { productName, publisherRefId, duplicationOptions: options },
          headers: { 'idempotency-key': crypto.randomUUID() },
        }),
      ),
    onSuccess: async (copy) => {
      await queryClient.invalidateQueries({ queryKey: ['products'] });
      duplicate.reset();
      onClose();
      await navigate({ to: '/products/$productId', params: { productId: copy.id } });
    },
  });
  const errors = fieldErrorsOf(duplicate.error);

  return (
    <ModalForm
      opened={opened}
      onClose={onClose}
      title="Duplicate this product"
      size="lg"
      onSubmit={() => duplicate.mutate()}
      error={duplicate.error}
      errors={errors}
      submitLabel="Duplicate"
      submitting={duplicate.isPending}
    >
      <TextInput
        label="Name of the copy"
        required
        value={productName}
        onChange={(event) => setProductName(event.currentTarget.value)}
        error={errorOn(errors, 'productName')}
        data-autofocus
      />
      <TextInput
        label="Publisher reference of the copy"
        required
        value={publisherRefId}
        onChange={(event) => setPublisherRefId(event.currentTarget.value)}
        error={errorOn(errors, 'publisherRefId')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {OPTIONS.map(({ option, label }) => (
          <Checkbox
            key={option}
            label={label}
            checked={Boolean(options[option])}
            onChange={(event) => setOptions({ ...options, [option]: event.currentTarget.checked })}
          />
        ))}
      </SimpleGrid>
    </ModalForm>
  );
}
