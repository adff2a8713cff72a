import { Badge, Text } from '@mantine/core';
import { linkOptions } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import type { Column } from '../../ui/DataTable';
import { ListPage } from '../../ui/list-page/ListPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { filterValue, type ListSearch, pageQuery } from '../../ui/list-search';
import { STATUSES, statusColor, when } from './delivery-format';
import { keys, type NameOption, nameOf, useDefinitionOptions, useReceiverOptions } from './notification-queries';

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

const filtersFor = (definitions: NameOption[] | undefined, receivers: NameOption[] | undefined): ListFilter[] => [
  { name: 'status', label: 'Status', kind: 'choice', data: STATUSES },
  { name: 'notificationDefinitionId', label: 'Definition', kind: 'choice', searchable: true, data: definitions ?? [] },
  { name: 'notificationReceiverId', label: 'Receiver', kind: 'choice', searchable: true, data: receivers ?? [] },
  { name: 'eventMainObjectId', label: 'Main object id', kind: 'text' },
];

async function deliveries(search: ListSearch) {
  const query = {
    ...pageQuery(search),
    target: TARGET,
    status: filterValue(search.status),
    notificationDefinitionId: filterValue(search.notificationDefinitionId),
    notificationReceiverId: filterValue(search.notificationReceiverId),
    eventMainObjectId: filterValue(search.eventMainObjectId),
  };
  return unwrap(await api.GET('/notifications', { params: { query } }));
}

/** The delivery log: every processing record (one per event, definition and receiver), filtered in the URL. */
export function DeliveryLogPage(): ReactElement {
  const definitions = useDefinitionOptions();
  const receivers = useReceiverOptions();
  return (
    <ListPage
      title="Delivery log"
      listKey={[...keys.deliveries, 'list']}
      fetchPage={deliveries}
      columns={columnsFor(definitions.data, receivers.data)}
      filters={filtersFor(definitions.data, receivers.data)}
      rowName={(row) => (row.createDate ? new Date(row.createDate).toLocaleString() : row.id)}
      link={(row) => linkOptions({ to: '/notifications/$notificationId', params: { notificationId: row.id } })}
      nameHeader={{ header: 'Created', sortField: 'createDate' }}
      // Deliveries move on their own (the workers): the log follows them while it is open.
      refetchInterval={10_000}
      noun="delivery"
      emptyHint="A delivery is recorded when an event matches a definition that an active receiver listens to."
    />
  );
}
