import { Badge, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import type { Listed } from '../../api/client';
import type { Column } from '../../ui/DataTable';
import { ListingPage } from '../../ui/list-page/ListingPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { filteredQuery } from '../../ui/list-page/listing';
import { rowLink } from '../../ui/list-page/row-link';
import { STATUSES, statusColor, when } from './delivery-format';
import { type NameOption, nameOf, useDefinitionOptions, useReceiverOptions } from './notification-queries';

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

/** The delivery log: every processing record (one per event, definition and receiver), filtered in the URL. */
export function DeliveryLogPage(): ReactElement {
  const definitions = useDefinitionOptions();
  const receivers = useReceiverOptions();
  const filters = filtersFor(definitions.data, receivers.data);
  return (
    <ListingPage
      title="Delivery log"
      listing="/notifications"
      query={(search) => ({ ...filteredQuery(search, filters), target: TARGET })}
      columns={columnsFor(definitions.data, receivers.data)}
      filters={filters}
      rowName={(row) => (row.createDate ? new Date(row.createDate).toLocaleString() : row.id)}
      link={rowLink('/notifications/$notificationId')}
      nameHeader={{ header: 'Created', sortField: 'createDate' }}
      // Deliveries move on their own (the workers): the log follows them while it is open.
      refetchInterval={10_000}
      noun="delivery"
      emptyHint="A delivery is recorded when an event matches a definition that an active receiver listens to."
    />
  );
}
