import type { ReactElement } from 'react';
import type { Listed } from '../../api/client';
import { isOperator, usePrincipal } from '../../auth/principal';
import { CustomerName } from '../../ui/customer-names';
import type { Column } from '../../ui/DataTable';
import { ListingPage } from '../../ui/list-page/ListingPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { recordLink, rowLink } from '../../ui/list-page/row-link';
import { statusColumn } from '../../ui/list-page/status-column';
import { CUSTOMER_FILTER, RecordFilter } from '../../ui/record-picker/RecordFilter';
import { useRecordList } from '../../ui/record-picker/record-options';
import { PRODUCTS } from '../../ui/record-picker/record-sources';

type SaleRecord = Listed<'/product-sale-records'>;

function columnsFor(operator: boolean): Column<SaleRecord>[] {
  return [
    statusColumn('ENABLED', { absent: 'ENABLED' }),
    { header: 'Stores', cell: (row) => row.sellingStores?.join(', ') ?? '' },
    { header: 'Trial', cell: (row) => (row.trialAllowed ? `${row.trialDuration ?? 0} days` : 'none') },
    ...(operator
      ? [
          {
            header: 'Customer',
            cell: (row: SaleRecord) => (row.customerId ? <CustomerName customerId={row.customerId} /> : 'the platform'),
          },
        ]
      : []),
    {
      header: 'Created',
      sortField: 'createDate',
      cell: (row) => (row.createDate ? new Date(row.createDate).toLocaleDateString() : ''),
    },
  ];
}

/** Product sale records: what each product is sold for, by product name; filtered by product, status, store, customer. */
export function SaleRecordsPage(): ReactElement {
  const operator = isOperator(usePrincipal());
  // The products a row names, by name: the picker's own first listing (the newest products the reader sees).
  const products = useRecordList(PRODUCTS).data ?? [];
  const productName = (id: string) => {
    const found = products.find((option) => option.value === id);
    return found?.name ?? found?.label ?? id;
  };
  const filters: ListFilter[] = [
    {
      name: 'productId',
      label: 'Product',
      kind: 'field',
      field: (props) => <RecordFilter source={PRODUCTS} {...props} />,
    },
    { name: 'status', label: 'Status', kind: 'choice', data: ['ENABLED', 'DISABLED'] },
    { name: 'sellingStores', label: 'Store', kind: 'text', list: true },
    ...(operator ? [CUSTOMER_FILTER] : []),
  ];
  return (
    <ListingPage
      title="Sale records"
      listing="/product-sale-records"
      columns={columnsFor(operator)}
      filters={filters}
      rowName={(row) => productName(row.productId ?? row.id)}
      link={rowLink('/product-sale-records/$saleRecordId')}
      nameHeader={{ header: 'Product sold' }}
      noun="sale record"
      create={{ scope: 'catalog:write', to: recordLink('/product-sale-records/$saleRecordId', 'new') }}
    />
  );
}
