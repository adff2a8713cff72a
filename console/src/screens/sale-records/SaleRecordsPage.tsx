import { Badge } from '@mantine/core';
import { linkOptions } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { isOperator, useCan, usePrincipal } from '../../auth/principal';
import { CustomerName, useCustomerOptions } from '../../ui/customer-names';
import type { Column } from '../../ui/DataTable';
import { ListPage } from '../../ui/list-page/ListPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { filterValue, pageQuery } from '../../ui/list-search';
import { productLabel, useProductOptions } from '../../ui/ProductIdsMultiSelect';
import { RouteButtonLink } from '../../ui/RouteButtonLink';

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
  const products = useProductOptions(undefined);
  const customers = useCustomerOptions();
  const filters: ListFilter[] = [
    { name: 'productId', label: 'Product', kind: 'choice', searchable: true, data: products.data ?? [] },
    { name: 'status', label: 'Status', kind: 'choice', data: ['ENABLED', 'DISABLED'] },
    { name: 'sellingStores', label: 'Store', kind: 'text' },
    ...(operator
      ? [
          {
            name: 'customerId',
            label: 'Customer',
            kind: 'choice',
            searchable: true,
            data: customers.data ?? [],
          } as const,
        ]
      : []),
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
      rowName={(row) => productLabel(products.data, row.productId ?? row.id)}
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
