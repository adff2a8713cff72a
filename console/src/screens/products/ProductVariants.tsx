import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { plainWords, unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { AnchorLink } from '../../ui/links';
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
      {variants.error && (
        <Text c="red" role="alert">
          {plainWords(variants.error)}
        </Text>
      )}
      {variants.data && variants.data.items.length === 0 && (
        <Text c="dimmed">
          This product has no variant.{canWrite ? ' Create one, or move another product of the customer under it.' : ''}
        </Text>
      )}
      {variants.data && variants.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={500}>
          <Table striped>
            <caption style={{ captionSide: 'top', textAlign: 'left' }}>Variants of this product</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Variant</Table.Th>
                <Table.Th>Reference</Table.Th>
                <Table.Th>Lifetime</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {variants.data.items.map((variant) => (
                <Table.Tr key={variant.id}>
                  <Table.Td>
                    <AnchorLink to="/products/$productId" params={{ productId: variant.id }}>
                      {variant.genericName || variant.publisherRefId}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td>{variant.publisherRefId}</Table.Td>
                  <Table.Td>{variant.lifeTime}</Table.Td>
                  <Table.Td>
                    <ProductStatusBadge status={variant.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
          <Button
            variant="default"
            disabled={!moving}
            loading={shift.isPending}
            onClick={() => moving && shift.mutate(moving)}
          >
            Make it a variant
          </Button>
        </Group>
      )}
      {shift.error && (
        <Text c="red" size="sm" role="alert">
          {plainWords(shift.error)}
        </Text>
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
