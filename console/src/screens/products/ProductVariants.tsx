import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { CaptionedTable } from '../../ui/CaptionedTable';
import { ErrorText } from '../../ui/ErrorText';
import { AnchorLink } from '../../ui/links';
import { MutationButton } from '../../ui/MutationButton';
import { RecordSelect } from '../../ui/record-picker/RecordSelect';
import { PRODUCTS } from '../../ui/record-picker/record-sources';
import { NewProductModal } from './NewProductModal';
import { ProductStatusBadge } from './ProductStatusBadge';
import type { Product } from './product-draft';
import { useVariants } from './product-queries';

/** A product's direct variants: listed, a new one made, another product of the customer moved under this one. */
export function ProductVariants({ product, canWrite }: { product: Product; canWrite: boolean }): ReactElement {
  const queryClient = useQueryClient();
  const variants = useVariants(product.id);
  const [creating, creation] = useDisclosure();
  const [moving, setMoving] = useState<string>();
  const shift = useMutation({
    mutationFn: async (variantId: string) =>
      unwrap(
        await api.POST('/products/shift-variant', {
          body: { parentId: product.id, variantId },
          headers: { 'idempotency-key': crypto.randomUUID() },
        }),
      ),
    onSuccess: async (moved) => {
      setMoving(undefined);
      notifications.show({
        message: `${moved.genericName || moved.publisherRefId} is now a variant of this product`,
        color: 'teal',
      });
      await queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
  const listed = (variants.data?.items ?? []).map((variant) => variant.id);

  return (
    <Stack>
      <ErrorText error={variants.error} size="md" />
      {variants.data && (
        <CaptionedTable
          caption="Variants of this product"
          columns={[
            {
              header: 'Variant',
              cell: (variant) => (
                <AnchorLink to="/products/$productId" params={{ productId: variant.id }}>
                  {variant.genericName || variant.publisherRefId}
                </AnchorLink>
              ),
            },
            { header: 'Reference', cell: (variant) => variant.publisherRefId },
            { header: 'Lifetime', cell: (variant) => variant.lifeTime },
            { header: 'Status', cell: (variant) => <ProductStatusBadge status={variant.status} /> },
          ]}
          rows={variants.data.items}
          rowKey={(variant) => variant.id}
          minWidth={500}
          striped
          empty={
            <Text c="dimmed">
              This product has no variant.
              {canWrite ? ' Create one, or move another product of the customer under it.' : ''}
            </Text>
          }
        />
      )}
      {canWrite && (
        <Group align="end">
          <Button variant="light" onClick={creation.open}>
            New variant
          </Button>
          <RecordSelect
            source={PRODUCTS}
            label="Move a product under this one"
            placeholder="Search a product of the customer"
            scope={{ customerId: product.customerId }}
            exclude={[product.id, ...listed]}
            value={moving}
            onChange={setMoving}
            w={320}
            maw="100%"
          />
          <MutationButton
            mutation={shift}
            run={() => moving && shift.mutate(moving)}
            variant="default"
            disabled={!moving}
          >
            Make it a variant
          </MutationButton>
        </Group>
      )}
      <NewProductModal
        opened={creating}
        onClose={creation.close}
        parent={{
          id: product.id,
          customerId: product.customerId,
          label: product.genericName || product.publisherRefId,
          sellingStores: product.sellingStores,
        }}
      />
    </Stack>
  );
}
