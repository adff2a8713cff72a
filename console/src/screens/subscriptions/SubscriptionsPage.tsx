import { Badge, Button, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { plainWords, unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { isOperator, useCan, usePrincipal } from '../../auth/principal';
import { type Column, DataTable } from '../../ui/DataTable';
import { AnchorLink } from '../../ui/links';
import { NewSubscriptionModal } from './NewSubscriptionModal';
import { SUBSCRIPTION_FILTERS, subscriptionListQuery } from './subscription-list-query';
import { STATUS_COLOURS, STATUSES } from './subscription-machine';
import { useSubscriptionModels } from './subscription-queries';
import { TextFilter } from './TextFilter';

const route = getRouteApi('/app/subscriptions');
type Row = Listed<'/subscriptions'>;

/** The filters of `GET /subscriptions` typed as text (ids); status and model are picked. */
const TEXT_FILTERS = [
  { name: 'customerId', label: 'Customer id', operatorOnly: true },
  { name: 'enduserId', label: 'End user' },
  { name: 'storeId', label: 'Store' },
  { name: 'externalRefId', label: 'External reference' },
] as const;

function columnsFor(operator: boolean): Column<Row>[] {
  return [
    {
      header: 'Name',
      sortField: 'name',
      cell: (row) => (
        <AnchorLink to="/subscriptions/$subscriptionId" params={{ subscriptionId: row.id }}>
          {row.name ?? row.id}
        </AnchorLink>
      ),
    },
    {
      header: 'Status',
      sortField: 'lifecycle.status',
      cell: (row) =>
        row.lifecycle?.status ? (
          <Badge variant="light" color={STATUS_COLOURS[row.lifecycle.status]} style={{ minWidth: 'max-content' }}>
            {row.lifecycle.status}
          </Badge>
        ) : (
          ''
        ),
    },
    ...(operator ? [{ header: 'Customer', cell: (row: Row) => row.customerId ?? '' }] : []),
    { header: 'End user', sortField: 'enduserId', cell: (row) => row.enduserId ?? '' },
    { header: 'Store', sortField: 'storeId', cell: (row) => row.storeId ?? '' },
    {
      header: 'Model',
      cell: (row) =>
        row.model?.name ?? (row.model?.term ? `${row.model.term.value} ${row.model.term.unit.toLowerCase()}` : ''),
    },
    {
      header: 'Next billing',
      sortField: 'lifecycle.nextBillingDate',
      cell: (row) =>
        row.lifecycle?.nextBillingDate ? new Date(row.lifecycle.nextBillingDate).toLocaleDateString() : '',
    },
    {
      header: 'Created',
      sortField: 'createDate',
      cell: (row) => (row.createDate ? new Date(row.createDate).toLocaleDateString() : ''),
    },
  ];
}

/** Subscriptions, filtered by every filter of the API, sorted and paged by the server; the state is the URL's. */
export function SubscriptionsPage(): ReactElement {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const can = useCan();
  const operator = isOperator(usePrincipal());
  const models = useSubscriptionModels();
  const [creating, { open, close }] = useDisclosure();
  const set = (changes: Record<string, string | number | undefined>) =>
    navigate({ search: (previous) => ({ ...previous, page: 0, ...changes }) });
  const list = useQuery({
    queryKey: ['subscriptions', 'list', search],
    queryFn: async () => unwrap(await api.GET('/subscriptions', { params: { query: subscriptionListQuery(search) } })),
    placeholderData: keepPreviousData,
  });
  const filtered = SUBSCRIPTION_FILTERS.some((name) => search[name] !== undefined);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Subscriptions</Title>
        {can('subscriptions:write') && <Button onClick={open}>New subscription</Button>}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm">
        <Select
          label="Status"
          clearable
          data={[...STATUSES]}
          value={(search.status as string | undefined) ?? null}
          onChange={(value) => set({ status: value ?? undefined })}
        />
        <Select
          label="Model"
          clearable
          searchable
          data={(models.data ?? []).map((model) => ({ value: model.id, label: model.name ?? model.id }))}
          value={(search.modelId as string | undefined) ?? null}
          onChange={(value) => set({ modelId: value ?? undefined })}
        />
        {TEXT_FILTERS.filter((filter) => !('operatorOnly' in filter) || operator).map((filter) => (
          <TextFilter
            key={filter.name}
            label={filter.label}
            value={search[filter.name] as string | undefined}
            onChange={(value) => set({ [filter.name]: value })}
          />
        ))}
      </SimpleGrid>
      {list.error ? (
        <Text c="red" role="alert">
          {plainWords(list.error)}
        </Text>
      ) : (
        <DataTable
          caption="Subscriptions"
          columns={columnsFor(operator)}
          page={list.data}
          loading={list.isFetching}
          rowKey={(row) => row.id}
          sort={search.sort}
          onSort={(sort) => set({ sort })}
          onPage={(page) => navigate({ search: (previous) => ({ ...previous, page }) })}
          onSize={(size) => set({ size })}
          empty={
            <Text>
              {filtered ? 'No subscription matches these filters: clear one to see more.' : 'No subscription yet.'}{' '}
              {can('subscriptions:write') ? 'Create one with "New subscription".' : ''}
            </Text>
          }
        />
      )}
      <NewSubscriptionModal opened={creating} onClose={close} />
    </Stack>
  );
}
