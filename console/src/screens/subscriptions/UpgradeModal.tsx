import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactElement, useEffect, useState } from 'react';
import { ApiError, plainWords } from '../../api/api-error';
import { RecordMultiSelect } from '../../ui/record-picker/RecordSelect';
import { PRODUCTS } from '../../ui/record-picker/record-sources';
import type { Subscription } from './subscription-queries';

interface Props {
  subscription: Subscription;
  opened: boolean;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onUpgrade: (productIds: string[]) => void;
}

/** Upgrade: the products picked become the line items (each replacing the current one at its place); the model stays. */
export function UpgradeModal({ subscription, opened, pending, error, onClose, onUpgrade }: Props): ReactElement {
  const [productIds, setProductIds] = useState<string[]>([]);
  useEffect(() => {
    if (opened) setProductIds((subscription.products ?? []).map((product) => product.id));
  }, [opened, subscription.products]);
  const fieldErrors = error instanceof ApiError ? error.fieldErrors() : {};
  const productError = Object.entries(fieldErrors).find(([field]) => field.startsWith('products'))?.[1];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onUpgrade(productIds);
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Upgrade the subscription">
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm">
            The products below become the line items; each new line item names the one it replaces. The generation
            counts one more.
          </Text>
          <RecordMultiSelect
            source={PRODUCTS}
            scope={subscription.customerId ? { customerId: subscription.customerId } : {}}
            required
            label="Products"
            value={productIds}
            onChange={setProductIds}
            error={productError}
          />
          {error !== null && error !== undefined && !productError && (
            <Text c="red" role="alert" size="sm">
              {plainWords(error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep as it is
            </Button>
            <Button type="submit" loading={pending} disabled={productIds.length === 0}>
              Upgrade
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
