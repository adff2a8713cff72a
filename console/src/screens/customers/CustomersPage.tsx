import { Badge, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { linkOptions } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { useCan } from '../../auth/principal';
import type { Column } from '../../ui/DataTable';
import { ListPage } from '../../ui/list-page/ListPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { listingQuery } from '../../ui/list-search';
import { NewCustomerModal } from './NewCustomerModal';

type Customer = Listed<'/customers'>;

const columns: Column<Customer>[] = [
  { header: 'Realm', cell: (row) => row.realmName },
  { header: 'Type', cell: (row) => row.type },
  {
    header: 'Status',
    cell: (row) => (
      <Badge variant="light" color={row.status === 'RUNNING' ? 'green' : 'gray'}>
        {row.status}
      </Badge>
    ),
  },
  { header: 'Country', cell: (row) => row.addressBook?.country ?? '' },
  {
    header: 'Created',
    sortField: 'createDate',
    cell: (row) => (row.createDate ? new Date(row.createDate).toLocaleDateString() : ''),
  },
];

const FILTERS: ListFilter[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'type', label: 'Type', kind: 'choice', data: ['PUBLISHER', 'RESELLER'] },
  { name: 'status', label: 'Status', kind: 'choice', data: ['TRIAL', 'RUNNING'] },
];

/** The operator's customers: publishers and resellers, filtered, sorted and paged by the server. */
export function CustomersPage(): ReactElement {
  const can = useCan();
  const [creating, { open, close }] = useDisclosure();
  return (
    <ListPage
      title="Customers"
      listKey={['customers', 'list']}
      // listingQuery builds the listing parameters from the URL generically; the generated type names each filter.
      fetchPage={async (search) =>
        unwrap(await api.GET('/customers', { params: { query: listingQuery(search) as never } }))
      }
      columns={columns}
      filters={FILTERS}
      rowName={(row) => row.name ?? row.id}
      link={(row) => linkOptions({ to: '/customers/$customerId', params: { customerId: row.id } })}
      actions={can('customers:write') && <Button onClick={open}>New customer</Button>}
      noun="customer"
      emptyHint={can('customers:write') ? 'Create one with "New customer".' : undefined}
    >
      <NewCustomerModal opened={creating} onClose={close} />
    </ListPage>
  );
}
