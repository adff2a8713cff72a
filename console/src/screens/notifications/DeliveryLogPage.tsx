import { Badge, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { plainWords, unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { type Column, DataTable } from '../../ui/DataTable';
import { AnchorLink } from '../../ui/links';
import { STATUSES, statusColor, when } from './delivery-format';
import {
  filterValue,
  keys,
  type NameOption,
  nameOf,
  pageQuery,
  useDefinitionOptions,
  useReceiverOptions,
} from './notification-queries';

const route = getRouteApi('/app/notifications');
type Delivery = Listed<'/notifications'>;

/** What the log shows of each record: the event and its body stay on the record's own page. */
const TARGET = [
  'createDate',
  'status',
  'eventFact',
  'eventSubject',
  'eventMainObjectId',
  'notificationDefinitionId',
  'notificationReceiverId',
  'retryCount',
  'retryLeft',
  'lastTryTimestamp',
  'nextTryTimestamp',
  'errors',
  'webHookResponse',
];

function columnsFor(definitions: NameOption[] | undefined, receivers: NameOption[] | undefined): Column<Delivery>[] {
  return [
    {
      header: 'Created',
      sortField: 'createDate',
      cell: (row) => (
        <AnchorLink
          to="/notifications/$notificationId"
          params={{ notificationId: row.id }}
          aria-label={`Delivery of ${row.createDate ? new Date(row.createDate).toLocaleString() : row.id}`}
        >
          {row.createDate ? new Date(row.createDate).toLocaleString() : row.id}
        </AnchorLink>
      ),
    },
    {
      header: 'Status',
      cell: (row) => (
        <Badge variant="dot" color={statusColor(row.status)} miw="max-content">
          {row.status}
        </Badge>
      ),
    },
    { header: 'Event', cell: (row) => `${row.eventSubject ?? ''} · ${row.eventFact ?? ''}` },
    {
      header: 'Main object',
      cell: (row) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {row.eventMainObjectId ?? ''}
        </Text>
      ),
    },
    { header: 'Definition', cell: (row) => nameOf(definitions, row.notificationDefinitionId) },
    { header: 'Receiver', cell: (row) => nameOf(receivers, row.notificationReceiverId) },
    { header: 'Tries', cell: (row) => `${row.retryCount ?? 0} (${row.retryLeft ?? 0} left)` },
    { header: 'Next try', cell: (row) => when(row.nextTryTimestamp) || '—' },
    {
      header: 'Last answer or error',
      cell: (row) => (
        <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
          {row.errors?.at(-1)?.error ?? row.webHookResponse ?? ''}
        </Text>
      ),
    },
  ];
}

/** The delivery log: every processing record (one per event, definition and receiver), filtered in the URL. */
export function DeliveryLogPage(): ReactElement {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const definitions = useDefinitionOptions();
  const receivers = useReceiverOptions();
  const set = (changes: Record<string, string | number | undefined>) =>
    navigate({ search: (previous) => ({ ...previous, page: 0, ...changes }) });
  const setMainObject = useDebouncedCallback((id: string) => set({ eventMainObjectId: id.trim() || undefined }), 300);
  const list = useQuery({
    queryKey: [...keys.deliveries, 'list', search],
    queryFn: async () =>
      unwrap(
        await api.GET('/notifications', {
          params: {
            query: {
              ...pageQuery({ ...search, sort: search.sort ?? 'createDate,desc' }),
              target: TARGET,
              status: filterValue(search.status),
              notificationDefinitionId: filterValue(search.notificationDefinitionId),
              notificationReceiverId: filterValue(search.notificationReceiverId),
              eventMainObjectId: filterValue(search.eventMainObjectId),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    // Deliveries move on their own (the workers): the log follows them while it is open.
    refetchInterval: 10_000,
  });
  const filtered = ['status', 'notificationDefinitionId', 'notificationReceiverId', 'eventMainObjectId'].some(
    (name) => search[name] !== undefined,
  );

  return (
    <Stack>
      <Title order={1}>Delivery log</Title>
      <Group align="end" wrap="wrap">
        <Select
          label="Status"
          clearable
          data={STATUSES}
          value={filterValue(search.status) ?? null}
          onChange={(value) => set({ status: value ?? undefined })}
          w={{ base: '100%', xs: 160 }}
        />
        <Select
          label="Definition"
          clearable
          searchable
          data={definitions.data ?? []}
          value={filterValue(search.notificationDefinitionId) ?? null}
          onChange={(value) => set({ notificationDefinitionId: value ?? undefined })}
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label="Receiver"
          clearable
          searchable
          data={receivers.data ?? []}
          value={filterValue(search.notificationReceiverId) ?? null}
          onChange={(value) => set({ notificationReceiverId: value ?? undefined })}
          w={{ base: '100%', xs: 220 }}
        />
        <TextInput
          label="Main object id"
          defaultValue={filterValue(search.eventMainObjectId) ?? ''}
          onChange={(event) => setMainObject(event.currentTarget.value)}
          w={{ base: '100%', xs: 220 }}
        />
      </Group>
      {list.error ? (
        <Text c="red" role="alert">
          {plainWords(list.error)}
        </Text>
      ) : (
        <DataTable
          caption="Delivery log"
          columns={columnsFor(definitions.data, receivers.data)}
          page={list.data}
          loading={list.isFetching}
          rowKey={(row) => row.id}
          sort={search.sort ?? 'createDate,desc'}
          onSort={(sort) => set({ sort })}
          onPage={(page) => navigate({ search: (previous) => ({ ...previous, page }) })}
          onSize={(size) => set({ size })}
          empty={
            <Text>
              {filtered
                ? 'No delivery matches these filters: clear one to see more.'
                : 'No delivery yet. A delivery is recorded when an event matches a definition that an active receiver listens to.'}
            </Text>
          }
        />
      )}
    </Stack>
  );
}
