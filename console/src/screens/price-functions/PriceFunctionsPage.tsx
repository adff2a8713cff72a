import { Button, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { plainWords, unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { isOperator, useCan, usePrincipal } from '../../auth/principal';
import { type Column, DataTable } from '../../ui/DataTable';
import { AnchorLink } from '../../ui/links';
import { listingQuery } from '../../ui/list-search';
import { NewPriceFunctionModal } from './NewPriceFunctionModal';
import { priceFunctionListKey } from './price-function-queries';

const route = getRouteApi('/app/price-functions');
type PriceFunction = Listed<'/price-functions'>;

const date = (value: string | undefined) => (value ? new Date(value).toLocaleString() : '');

const columns = (operator: boolean): Column<PriceFunction>[] => [
  {
    header: 'Name',
    sortField: 'name',
    cell: (row) => (
      <AnchorLink to="/price-functions/$priceFunctionId" params={{ priceFunctionId: row.id }}>
        {row.name || row.id}
      </AnchorLink>
    ),
  },
  {
    header: 'Expression',
    cell: (row) => <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{row.expression}</Code>,
  },
  { header: 'Parameters', cell: (row) => (row.parameters ?? []).map((parameter) => parameter.field).join(', ') },
  ...(operator ? [{ header: 'Customer', cell: (row: PriceFunction) => row.customerId ?? 'operator' }] : []),
  { header: 'Updated', sortField: 'updateDate', cell: (row) => date(row.updateDate) },
];

/** The price functions the principal may read, filtered, sorted and paged by the server. */
export function PriceFunctionsPage(): ReactElement {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const can = useCan();
  const operator = isOperator(usePrincipal());
  const [creating, { open, close }] = useDisclosure();
  const set = (changes: Record<string, string | number | undefined>) =>
    navigate({ search: (previous) => ({ ...previous, page: 0, ...changes }) });
  const setName = useDebouncedCallback((name: string) => set({ name: name.trim() || undefined }), 300);
  const setCustomer = useDebouncedCallback(
    (customerId: string) => set({ customerId: customerId.trim() || undefined }),
    300,
  );
  const list = useQuery({
    queryKey: [...priceFunctionListKey, search],
    // listingQuery builds the listing parameters from the URL generically; the generated type names each filter.
    queryFn: async () =>
      unwrap(await api.GET('/price-functions', { params: { query: listingQuery(search) as never } })),
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(search.name || search.customerId);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Price functions</Title>
        {can('catalog:write') && <Button onClick={open}>New price function</Button>}
      </Group>
      <Text c="dimmed" size="sm">
        A price function computes a product's price from its list price, the quantity and its parameters. A product uses
        the function its "price function" names.
      </Text>
      <Group align="end">
        <TextInput
          label="Name (exact)"
          defaultValue={String(search.name ?? '')}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        {operator && (
          <TextInput
            label="Customer id"
            defaultValue={String(search.customerId ?? '')}
            onChange={(event) => setCustomer(event.currentTarget.value)}
          />
        )}
      </Group>
      {list.error ? (
        <Text c="red" role="alert">
          {plainWords(list.error)}
        </Text>
      ) : (
        <DataTable
          caption="Price functions"
          columns={columns(operator)}
          page={list.data}
          loading={list.isFetching}
          rowKey={(row) => row.id}
          sort={search.sort}
          onSort={(sort) => set({ sort })}
          onPage={(page) => navigate({ search: (previous) => ({ ...previous, page }) })}
          onSize={(size) => set({ size })}
          empty={
            <Text>
              {filtered ? 'No price function matches these filters.' : 'No price function yet.'}{' '}
              {can('catalog:write') ? 'Create one with "New price function".' : ''}
            </Text>
          }
        />
      )}
      <NewPriceFunctionModal opened={creating} onClose={close} />
    </Stack>
  );
}
