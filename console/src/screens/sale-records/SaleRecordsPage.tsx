import { Badge } from '@mantine/core';
import { linkOptions } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { isOperator, useCan, usePrincipal } from '../../auth/principal';
import { CustomerName } from '../../ui/customer-names';
import type { Column } from '../../ui/DataTable';
import { ListPage } from '../../ui/list-page/ListPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { filterValue, pageQuery } from '../../ui/list-search';
import { RouteButtonLink } from '../../ui/RouteButtonLink';
import { CUSTOMER_FILTER, RecordFilter } from '../../ui/record-picker/RecordFilter';
import { useRecordList } from '../../ui/record-picker/record-options';
import { PRODUCTS } from '../../ui/record-picker/record-sources';

type SaleRecord = Listed<'/product-sale-records'>;

function columnsFor(operator: boolean): Column<SaleRecord>[] {
  return [
    {
      header: 'Status',
      cell: (row) => (
        <Badge variant="dot" color={row.status === 'ENABLED' ? 'green' : 'gray'}>
          {row.status ?? 'ENABLED'}
        </Badge>
      ),
    },
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
  const can = useCan();
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
    { name: 'sellingStores', label: 'Store', kind: 'text' },
    ...(operator ? [CUSTOMER_FILTER] : []),
  ];
  return (
    <ListPage
      title="Sale records"
      listKey={['product-sale-records', 'list']}
      fetchPage={async (search) =>
        unwrap(
          await api.GET('/product-sale-records', {
            params: {
              query: {
                ...pageQuery(search),
                productId: filterValue(search.productId),
                status: filterValue(search.status),
                customerId: filterValue(search.customerId),
                sellingStores: filterValue(search.sellingStores)?.split(','),
              },
            },
          }),
        )
      }
      columns={columnsFor(operator)}
      filters={filters}
      rowName={(row) => productName(row.productId ?? row.id)}
      link={(row) => linkOptions({ to: '/product-sale-records/$saleRecordId', params: { saleRecordId: row.id } })}
      nameHeader={{ header: 'Product sold' }}
      actions={
        can('catalog:write') && (
          <RouteButtonLink to="/product-sale-records/$saleRecordId" params={{ saleRecordId: 'new' }}>
            New sale record
          </RouteButtonLink>
        )
      }
      noun="sale record"
      emptyHint={can('catalog:write') ? 'Create one with "New sale record".' : undefined}
    />
  );
}
