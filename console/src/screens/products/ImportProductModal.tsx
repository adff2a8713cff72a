import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  JsonInput,
  Modal,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { plainWords, unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { AnchorLink } from '../../ui/links';

type Draft = Schemas['ProductDraft'];

const EXAMPLE = JSON.stringify(
  {
    publisherRefId: 'REF-1',
    genericName: 'A product',
    lifeTime: '1YEAR',
    sellingStores: ['store-eu'],
    prices: { defaultCurrency: 'EUR' },
  },
  null,
  2,
);

/**
 * `POST /products/import`: a product body that replaces the customer's product with the same reference, or is
 * created. A dry run shows what would be stored, and stores nothing.
 */
export function ImportProductModal({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactElement {
  const queryClient = useQueryClient();
  const [json, setJson] = useState(EXAMPLE);
  const [storeId, setStoreId] = useState('');
  const [reason, setReason] = useState('');
  const [locale, setLocale] = useState('');
  const [local, setLocal] = useState(false);
  const run = useMutation({
    mutationFn: async (dryRun: boolean) => {
      // The text is the person's own JSON: the API checks it, and answers a 400 naming what is wrong.
      const body = JSON.parse(json) as Draft;
      const query = {
        dryRun,
        ...(storeId ? { storeId } : {}),
        ...(reason ? { reason } : {}),
        ...(locale ? { locale } : {}),
        ...(local ? { local: 'true' as const } : {}),
      };
      const answer = await api.POST('/products/import', {
        body,
        params: { query },
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      return { product: unwrap(answer), created: answer.response.status === 201, dryRun };
    },
    onSuccess: (result) => {
      if (!result.dryRun) void queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
  const close = () => {
    run.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Import a product" size="lg">
      <Stack>
        <JsonInput
          label="Product (JSON, as a new product's body)"
          value={json}
          onChange={setJson}
          autosize
          minRows={8}
          maxRows={16}
          validationError="This is not valid JSON"
          formatOnBlur
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <TextInput
            label="Store id"
            description="Added to its selling stores"
            value={storeId}
            onChange={(event) => setStoreId(event.currentTarget.value)}
          />
          <TextInput
            label="Reason"
            description="Kept as its last update reason"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <TextInput
            label="Locale"
            description="Of texts sent without one"
            value={locale}
            onChange={(event) => setLocale(event.currentTarget.value)}
          />
        </SimpleGrid>
        <Checkbox
          label="Sold in this store only"
          checked={local}
          onChange={(event) => setLocal(event.currentTarget.checked)}
        />
        {run.error && (
          <Text c="red" size="sm" role="alert">
            {run.error instanceof SyntaxError
              ? `The product is not valid JSON: ${run.error.message}`
              : plainWords(run.error)}
          </Text>
        )}
        {run.data && (
          <Alert
            color={run.data.dryRun ? 'blue' : 'green'}
            title={
              run.data.dryRun
                ? 'Dry run: nothing was stored'
                : run.data.created
                  ? 'Imported: a new product'
                  : 'Imported: the product with this reference was replaced'
            }
            role="status"
          >
            {run.data.dryRun ? (
              <ScrollArea.Autosize
                mah={240}
                viewportProps={{ tabIndex: 0, 'aria-label': 'The product that would be stored' }}
              >
                <Code block>{JSON.stringify(run.data.product, null, 2)}</Code>
              </ScrollArea.Autosize>
            ) : (
              <AnchorLink to="/products/$productId" params={{ productId: run.data.product.id }} onClick={close}>
                Open {run.data.product.genericName || run.data.product.publisherRefId}
              </AnchorLink>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <Button variant="light" onClick={() => run.mutate(true)} loading={run.isPending && run.variables}>
            Check (dry run)
          </Button>
          <Button onClick={() => run.mutate(false)} loading={run.isPending && !run.variables}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
