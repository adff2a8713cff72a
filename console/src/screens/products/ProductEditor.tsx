import { Alert, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { type ReactElement, useEffect, useState } from 'react';
import { ApiError, plainWords, unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { useCan } from '../../auth/principal';
import { CustomerName } from '../../ui/customer-names';
import { AnchorLink } from '../../ui/links';
import { StaleVersionDialog } from '../../ui/StaleVersionDialog';
import { DescriptionLocales } from './DescriptionLocales';
import { DuplicateProductModal } from './DuplicateProductModal';
import { PriceGrid } from './PriceGrid';
import { ProductDetailsForm } from './ProductDetailsForm';
import { ProductHistory } from './ProductHistory';
import { ProductStatusBadge } from './ProductStatusBadge';
import { ProductVariants } from './ProductVariants';
import { compactTexts, draftOf, type Product, type ProductDraft, sameJson, type Texts, textsOf } from './product-draft';
import { productFieldErrors } from './product-field-errors';
import { productKey, useDescription, useProductNames } from './product-queries';
import { PRODUCT_TABS, type ProductTab } from './product-tabs';

const route = getRouteApi('/app/products/$productId');

const TAB_LABELS: Record<ProductTab, string> = {
  details: 'Details',
  prices: 'Prices',
  texts: 'Texts',
  variants: 'Variants',
  history: 'History',
};

/** Edits one version of a product (`base`): its fields, prices and texts, saved together with that version's dbVersion. */
export function ProductEditor({
  base,
  latest,
  onBaseChange,
}: {
  base: Product;
  /** The product as last read: a version saved elsewhere (another screen, another person) shows up here. */
  latest: Product | undefined;
  onBaseChange: (product: Product) => void;
}): ReactElement {
  const can = useCan();
  const canWrite = can('catalog:write');
  const queryClient = useQueryClient();
  const navigate = route.useNavigate();
  const { tab = 'details' } = route.useSearch();
  const [duplicating, duplication] = useDisclosure();
  const [draft, setDraft] = useState<ProductDraft>(() => draftOf(base));
  const description = useDescription(base.descriptionId);
  const parentNames = useProductNames(base.parentId ? [base.parentId] : []);
  const storedTexts = textsOf(description.data);
  const [editedTexts, setTexts] = useState<Texts>();
  const texts = editedTexts ?? storedTexts;
  const textsChanged = editedTexts !== undefined && !sameJson(compactTexts(editedTexts), compactTexts(storedTexts));
  const edited = textsChanged || !sameJson(draft, draftOf(base));
  const change = <K extends keyof ProductDraft>(field: K, value: ProductDraft[K]) =>
    setDraft((previous) => ({ ...previous, [field]: value }));
  const edit: ProductDraft = { ...draft, ...(textsChanged && editedTexts ? compactTexts(editedTexts) : {}) };
  const newer = latest !== undefined && latest.dbVersion > base.dbVersion ? latest : undefined;
  // Nothing edited: the page follows a version saved elsewhere at once.
  useEffect(() => {
    if (newer && !edited) onBaseChange(newer);
  }, [newer, edited, onBaseChange]);

  const save = useMutation({
    mutationFn: async ({ dbVersion, body }: { dbVersion: number; body: ProductDraft }) =>
      unwrap(await api.PUT('/products/{id}', { params: { path: { id: base.id } }, body: { ...body, dbVersion } })),
    onSuccess: async (saved) => {
      queryClient.setQueryData(productKey(base.id), saved);
      notifications.show({ message: 'Product saved', color: 'teal' });
      await queryClient.invalidateQueries({ queryKey: ['descriptions'] });
      void queryClient.invalidateQueries({ queryKey: ['products', 'list'] });
      onBaseChange(saved);
    },
  });
  const stale = save.error instanceof ApiError && save.error.status === 412;
  const current = useQuery({
    queryKey: [...productKey(base.id), 'current'],
    enabled: stale,
    staleTime: 0,
    gcTime: 0,
    queryFn: async () => unwrap(await api.GET('/products/{id}', { params: { path: { id: base.id } } })),
  });
  const errors = productFieldErrors(save.error);

  return (
    <Stack>
      <AnchorLink to="/products" search={{ page: 0, size: 20 }}>
        ← Products
      </AnchorLink>
      <Group justify="space-between" align="start">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={1}>{base.genericName || base.publisherRefId}</Title>
            <ProductStatusBadge status={base.status} />
            {base.parentId && (
              <AnchorLink to="/products/$productId" params={{ productId: base.parentId }}>
                Variant of {parentNames.get(base.parentId) ?? 'its parent product'}
              </AnchorLink>
            )}
          </Group>
          <Text c="dimmed" size="sm">
            Reference {base.publisherRefId} ·{' '}
            {base.customerId ? <CustomerName customerId={base.customerId} /> : 'platform product'} · version{' '}
            {base.dbVersion} · saved {new Date(base.updateDate).toLocaleString()}
          </Text>
        </Stack>
        {canWrite && (
          <Group gap="xs">
            <Button variant="default" onClick={duplication.open}>
              Duplicate
            </Button>
            <Button
              onClick={() => save.mutate({ dbVersion: base.dbVersion, body: edit })}
              disabled={!edited}
              loading={save.isPending}
            >
              Save
            </Button>
          </Group>
        )}
      </Group>
      {newer && edited && (
        <Alert color="blue" role="status" title="Saved elsewhere while you edit">
          Version {newer.dbVersion} was saved after you opened version {base.dbVersion}. Saving keeps its changes to the
          fields you did not edit; where you both changed a field, you choose.
        </Alert>
      )}
      {save.error && !stale && (
        <Alert color="red" role="alert" title="The product was not saved">
          {plainWords(save.error)}
        </Alert>
      )}
      <Tabs
        value={tab}
        onChange={(value) =>
          void navigate({ search: value && value !== 'details' ? { tab: value as ProductTab } : {}, replace: true })
        }
      >
        <Tabs.List>
          {PRODUCT_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {TAB_LABELS[name]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          <ProductDetailsForm draft={draft} change={change} errors={errors} readOnly={!canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="prices" pt="md">
          <PriceGrid
            prices={draft.prices}
            onChange={(prices) => change('prices', prices)}
            errors={errors}
            readOnly={!canWrite}
          />
        </Tabs.Panel>
        <Tabs.Panel value="texts" pt="md">
          {description.error ? (
            <Text c="red" role="alert">
              {plainWords(description.error)}
            </Text>
          ) : (
            <DescriptionLocales
              texts={texts}
              onChange={setTexts}
              readOnly={!canWrite}
              fallbackLocale={description.data?.fallbackLocale}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="variants" pt="md">
          <ProductVariants product={base} canWrite={canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          {tab === 'history' && <ProductHistory product={base} />}
        </Tabs.Panel>
      </Tabs>
      <StaleVersionDialog
        opened={stale}
        base={draftOf(base)}
        mine={edit}
        theirs={current.data}
        onClose={() => save.reset()}
        onReload={() => {
          save.reset();
          if (current.data) {
            queryClient.setQueryData(productKey(base.id), current.data);
            onBaseChange(current.data);
          }
        }}
        onOverwrite={(merged) => current.data && save.mutate({ dbVersion: current.data.dbVersion, body: merged })}
      />
      {canWrite && <DuplicateProductModal product={base} opened={duplicating} onClose={duplication.close} />}
    </Stack>
  );
}
