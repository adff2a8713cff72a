import { Badge } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { useCan } from '../../auth/principal';
import { AnchorLink } from '../../ui/links';
import { RecordPending } from '../../ui/RecordEditor';
import { RecordEditorPage } from '../../ui/RecordEditorPage';
import { useRecordNames } from '../../ui/record-picker/record-options';
import { PRODUCTS } from '../../ui/record-picker/record-sources';
import { useRecordSaved } from '../../ui/record-saved';
import { versionFacts } from '../../ui/version-facts';
import { createOrReplace, useVersionedRecord } from '../../ui/versioned-record';
import { SaleRecordForm } from './SaleRecordForm';
import {
  draftOf,
  emptySaleRecord,
  SALE_RECORD_FIELDS,
  type SaleRecord,
  type SaleRecordDraft,
} from './sale-record-draft';

const route = getRouteApi('/app/product-sale-records/$saleRecordId');

/** A sale record (`/product-sale-records/new` creates one), read, created and saved with its version. */
function useSaleRecord(id: string) {
  const creating = id === 'new';
  return useVersionedRecord({
    queryKey: ['product-sale-records', id],
    read: async () => unwrap(await api.GET('/product-sale-records/{id}', { params: { path: { id } } })),
    draftOf,
    ...(creating ? { empty: emptySaleRecord } : {}),
    write: createOrReplace(
      (draft: SaleRecordDraft, headers) => api.POST('/product-sale-records', { body: draft, headers }),
      (draft, dbVersion) =>
        api.PUT('/product-sale-records/{id}', { params: { path: { id } }, body: { ...draft, dbVersion } }),
    ),
    onSaved: useRecordSaved({
      kind: 'product-sale-records',
      creating,
      notice: () => (creating ? 'Sale record created' : 'Sale record saved'),
      pageOf: (saved: SaleRecord) => ({
        to: '/product-sale-records/$saleRecordId',
        params: { saleRecordId: saved.id },
      }),
    }),
  });
}

/** What a merchant sells one product for: the product by name (linked), its status, stores, trial and prices. */
export function SaleRecordPage(): ReactElement {
  const { saleRecordId } = route.useParams();
  const can = useCan();
  const editor = useSaleRecord(saleRecordId);
  const record = editor.status === 'ready' ? editor.record : undefined;
  const productId = record?.productId ?? '';
  const productName = useRecordNames(PRODUCTS, productId ? [productId] : []).get(productId) ?? productId;
  if (editor.status !== 'ready') return <RecordPending editor={editor} label="Loading the sale record" />;
  const writable = can('catalog:write');
  const { creating } = editor;

  return (
    <RecordEditorPage
      back="/product-sale-records"
      backLabel="Sale records"
      title={record ? `Sale of ${productName}` : 'New sale record'}
      beside={
        record?.status && (
          <Badge variant="dot" color={record.status === 'ENABLED' ? 'green' : 'gray'}>
            {record.status}
          </Badge>
        )
      }
      facts={versionFacts(
        record,
        record && (
          <>
            product{' '}
            <AnchorLink to="/products/$productId" params={{ productId: record.productId }} underline="always">
              {productName}
            </AnchorLink>
          </>
        ),
      )}
      editor={editor}
      canWrite={writable}
      noun="sale record"
      shown={SALE_RECORD_FIELDS}
      label="Sale record"
      // The price grid's add row is a form of its own.
      asForm={false}
    >
      <SaleRecordForm
        draft={editor.draft}
        update={editor.update}
        errors={editor.errors}
        readOnly={!writable}
        creating={creating}
      />
    </RecordEditorPage>
  );
}
