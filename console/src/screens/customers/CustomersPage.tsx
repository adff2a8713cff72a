import { Badge, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { plainWords, unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { useCan } from '../../auth/principal';
import { type Column, DataTable } from '../../ui/DataTable';
import { AnchorLink } from '../../ui/links';
import { listingQuery } from '../../ui/list-search';
import { NewCustomerModal } from './NewCustomerModal';

const route = getRouteApi('/app/customers');
type Customer = Listed<'/customers'>;

const columns: Column<Customer>[] = [
  {
    header: 'Name',
    sortField: 'name',
    cell: (row) => (
      <AnchorLink to="/customers/$customerId" params={{ customerId: row.id }}>
        {row.name}
      </AnchorLink>
    ),
  },
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

/** The operator's customers: publishers and resellers, filtered, sorted and paged by the server. */
export function CustomersPage(): ReactElement {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const can = useCan();
  const [creating, { open, close }] = useDisclosure();
  const set = (changes: Record<string, string | number | undefined>) =>
    navigate({ search: (previous) => ({ ...previous, page: 0, ...changes }) });
  const setName = useDebouncedCallback((name: string) => set({ name: name || undefined }), 300);
  const list = useQuery({
    queryKey: ['customers', search],
    queryFn: async () => unwrap(await api.GET('/customers', { params: { query: listingQuery(search) as never } })),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Customers</Title>
        {can('customers:write') && <Button onClick={open}>New customer</Button>}
      </Group>
      <Group align="end">
        <TextInput
          label="Name"
          defaultValue={String(search.name ?? '')}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Select
          label="Type"
          clearable
          data={['PUBLISHER', 'RESELLER']}
          value={(search.type as string) ?? null}
          onChange={(value) => set({ type: value ?? undefined })}
        />
        <Select
          label="Status"
          clearable
          data={['TRIAL', 'RUNNING']}
          value={(search.status as string) ?? null}
          onChange={(value) => set({ status: value ?? undefined })}
        />
      </Group>
      {list.error ? (
        <Text c="red" role="alert">
          {plainWords(list.error)}
        </Text>
      ) : (
        <DataTable
          caption="Customers"
          columns={columns}
          page={list.data}
          loading={list.isFetching}
          rowKey={(row) => row.id}
          sort={search.sort}
          onSort={(sort) => set({ sort })}
          onPage={(page) => navigate({ search: (previous) => ({ ...previous, page }) })}
          onSize={(size) => set({ size })}
          empty={
            <Text>
              No customer matches these filters. {can('customers:write') ? 'Create one with "New customer".' : ''}
            </Text>
          }
        />
      )}
      <NewCustomerModal opened={creating} onClose={close} />
    </Stack>
  );
}
