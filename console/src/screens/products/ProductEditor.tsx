import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { type ReactElement, useState } from 'react';
import { plainWords, unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { useCan } from '../../auth/principal';
import { ActivityPanel } from '../../ui/activity/ActivityPanel';
import { CustomerName } from '../../ui/customer-names';
import { shownFields } from '../../ui/field-errors';
import { AnchorLink } from '../../ui/links';
import { EditorForm, RecordPending } from '../../ui/RecordEditor';
import { RecordName } from '../../ui/record-picker/RecordName';
import { PRODUCTS } from '../../ui/record-picker/record-sources';
import { useVersionedRecord } from '../../ui/versioned-record';
import { DescriptionLocales } from './DescriptionLocales';
import { DuplicateProductModal } from './DuplicateProductModal';
import { PriceGrid } from './PriceGrid';
import { ProductDetailsForm } from './ProductDetailsForm';
import { ProductHistory } from './ProductHistory';
import { ProductStatusBadge } from './ProductStatusBadge';
import { ProductVariants } from './ProductVariants';
import { compactTexts, draftOf, type ProductDraft, sameJson, type Texts, textsOf } from './product-draft';
import { productFieldLabel } from './product-labels';
import { productKey, useDescription } from './product-queries';
import { PRODUCT_TABS, type ProductTab } from './product-tabs';

const route = getRouteApi('/app/products/$productId');

const TAB_LABELS: Record<ProductTab, string> = {
  details: 'Details',
  prices: 'Prices',
  texts: 'Texts',
  variants: 'Variants',
  history: 'History',
};

/** The fields the details and prices tabs show errors on (the texts go to the description, read apart). */
const SHOWN = shownFields(
  'genericName',
  'publisherRefId',
  'lifeTime',
  'productFamily',
  'codeName',
  'catalogId',
  'publisherProductId',
  'fulfillmentTemplate',
  'subscriptionTemplate',
  'taxCode',
  'releaseDate',
  'status',
  'type',
  'salesMode',
  'businessSegment',
  'sellingStores',
  'blackListedCountries',
  'maxQuantityAllowed',
  'priority',
  'trialDuration',
  'priceFunction',
  'prices',
);

/**
 * A product's texts live in its description: edited beside the product's draft, and sent with the product's body
 * (which carries them to the description) on every save.
 */
function useTextsEdit(descriptionId: string | undefined) {
  const description = useDescription(descriptionId);
  const stored = textsOf(description.data);
  const [edited, setTexts] = useState<Texts>();
  const changed = edited !== undefined && !sameJson(compactTexts(edited), compactTexts(stored));
  return {
    description,
    texts: edited ?? stored,
    setTexts,
    changed,
    body: changed && edited ? compactTexts(edited) : {},
    reset: () => setTexts(undefined),
  };
}

/** Edits a product: its fields, prices and texts, saved together with the version the edit started from. */
export function ProductEditor({ productId }: { productId: string }): ReactElement {
  const can = useCan();
  const canWrite = can('catalog:write');
  const queryClient = useQueryClient();
  const navigate = route.useNavigate();
  const { tab = 'details' } = route.useSearch();
  const [duplicating, duplication] = useDisclosure();
  const editor = useVersionedRecord({
    queryKey: productKey(productId),
    read: async () => unwrap(await api.GET('/products/{id}', { params: { path: { id: productId } } })),
    draftOf,
    write: async (draft: ProductDraft, dbVersion) =>
      unwrap(
        await api.PUT('/products/{id}', {
          params: { path: { id: productId } },
          body: { ...draft, ...texts.body, dbVersion },
        }),
      ),
    onSaved: async () => {
      notifications.show({ message: 'Product saved', color: 'teal' });
      await queryClient.invalidateQueries({ queryKey: ['descriptions'] });
      texts.reset();
      void queryClient.invalidateQueries({ queryKey: ['products', 'list'] });
    },
  });
  const loaded = editor.status === 'ready' ? editor.record : undefined;
  // Read by the save above, once this render has set it.
  const texts = useTextsEdit(loaded?.descriptionId);
  if (editor.status !== 'ready' || !editor.record) return <RecordPending editor={editor} label="Loading the product" />;
  const base = editor.record;
  const change = <K extends keyof ProductDraft>(field: K, value: ProductDraft[K]) =>
    editor.update({ [field]: value } as Partial<ProductDraft>);

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
            {base.parentId && <RecordName source={PRODUCTS} id={base.parentId} prefix="Variant of " pending="…" />}
          </Group>
          <Text c="dimmed" size="sm">
            Reference {base.publisherRefId} ·{' '}
            {base.customerId ? <CustomerName customerId={base.customerId} /> : 'platform product'} · version{' '}
            {base.dbVersion} · saved {new Date(base.updateDate).toLocaleString()}
          </Text>
        </Stack>
        {canWrite && (
          <Button variant="default" onClick={duplication.open}>
            Duplicate
          </Button>
        )}
      </Group>
      <EditorForm
        editor={editor}
        canWrite={canWrite}
        saveLabel="Save"
        shown={SHOWN}
        edited={editor.edited || texts.changed}
        onDiscard={texts.reset}
        asForm={false}
        fieldLabel={productFieldLabel}
      >
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
            <ProductDetailsForm draft={editor.draft} change={change} errors={editor.errors} readOnly={!canWrite} />
          </Tabs.Panel>
          <Tabs.Panel value="prices" pt="md">
            <PriceGrid
              prices={editor.draft.prices}
              onChange={(prices) => change('prices', prices)}
              errors={editor.errors}
              readOnly={!canWrite}
            />
          </Tabs.Panel>
          <Tabs.Panel value="texts" pt="md">
            {texts.description.error ? (
              <Text c="red" role="alert">
                {plainWords(texts.description.error)}
              </Text>
            ) : (
              <DescriptionLocales
                texts={texts.texts}
                onChange={texts.setTexts}
                readOnly={!canWrite}
                fallbackLocale={texts.description.data?.fallbackLocale}
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
      </EditorForm>
      <ActivityPanel recordId={base.id} version={base.dbVersion} />
      {canWrite && <DuplicateProductModal product={base} opened={duplicating} onClose={duplication.close} />}
    </Stack>
  );
}
