import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { ModalForm } from '../../ui/ModalForm';
import { useFormDialog } from '../../ui/use-form-dialog';
import type { Product } from './product-draft';

type Duplication = Schemas['ProductDuplication'];
type Option = keyof NonNullable<Duplication['duplicationOptions']>;

/** The groups of fields a copy may take, in words (future prices are left out: products hold none). */
const OPTIONS: Record<Exclude<Option, 'duplicateFuturePrice'>, string> = {
  duplicateGeneral: 'General fields (type, stores, catalog, status…)',
  duplicatePrices: 'Prices and price function',
  duplicateLocalizedContent: 'Texts (a copy of the description)',
  duplicateProductVariations: 'Variants, with the same options',
  duplicateFulfillment: 'Fulfillment template',
  duplicateSubscription: 'Subscription and trial',
  duplicateProductFiles: 'Related contents and resources',
};

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
  const duplicate = useMutation({
    mutationFn: async (body: Duplication) =>
      unwrap(
        await api.POST('/products/{id}/duplicate', {
          params: { path: { id: product.id } },
          body,
          headers: { 'idempotency-key': crypto.randomUUID() },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
  const form = useFormDialog({
    initial: (): Duplication => ({
      productName: `${product.genericName ?? product.publisherRefId} (copy)`,
      publisherRefId: `${product.publisherRefId}-COPY`.slice(0, 80),
      duplicationOptions: { duplicateGeneral: true, duplicatePrices: true, duplicateLocalizedContent: true },
    }),
    mutation: duplicate,
    onClose,
    onSaved: (copy) => navigate({ to: '/products/$productId', params: { productId: copy.id } }),
  });
  const options = form.fields.part('duplicationOptions');

  return (
    <ModalForm {...form.modal} opened={opened} title="Duplicate this product" size="lg" submitLabel="Duplicate">
      <TextInput label="Name of the copy" required {...form.fields.text('productName')} data-autofocus />
      <TextInput label="Publisher reference of the copy" required {...form.fields.text('publisherRefId')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {Object.entries(OPTIONS).map(([option, label]) => (
          <Checkbox key={option} label={label} {...options.checked(option as Option)} />
        ))}
      </SimpleGrid>
    </ModalForm>
  );
}
