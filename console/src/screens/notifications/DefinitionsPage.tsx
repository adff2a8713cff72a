import { Code, Text } from '@mantine/core';
import { linkOptions } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import type { Listed } from '../../api/client';
import type { Column } from '../../ui/DataTable';
import { ListingPage } from '../../ui/list-page/ListingPage';
import { rowLink } from '../../ui/list-page/row-link';

type Definition = Listed<'/notification-definitions'>;

const when = (value: string | undefined) => (value ? new Date(value).toLocaleString() : '');

const columns: Column<Definition>[] = [
  {
    header: 'Event',
    cell: (row) => (row.eventMatcher ? <Code>{`${row.eventMatcher.subject} ${row.eventMatcher.fact}`}</Code> : ''),
  },
  {
    header: 'Filters',
    cell: (row) =>
      (row.eventMatcher?.filters ?? []).map((filter) => `${filter.jsonPath} = ${filter.value}`).join(', ') || 'none',
  },
  { header: 'Payload type', cell: (row) => row.notificationPayload?.type ?? '' },
  { header: 'Created', sortField: 'createDate', cell: (row) => when(row.createDate) },
  { header: 'Updated', sortField: 'updateDate', cell: (row) => when(row.updateDate) },
];

/** Which events become notifications: the definitions, paged and sorted by the server. */
export function DefinitionsPage(): ReactElement {
  return (
    <ListingPage
      title="Notification definitions"
      listing="/notification-definitions"
      columns={columns}
      link={rowLink('/notification-definitions/$definitionId')}
      intro={
        <Text c="dimmed" size="sm">
          A definition says which events matter (their subject, fact and filters) and what the notification says.
          Receivers listen to definitions.
        </Text>
      }
      noun="definition"
      create={{
        scope: 'notifications:write',
        to: linkOptions({ to: '/notification-definitions/new' }),
        purpose: 'to hear the events that matter to you',
      }}
    />
  );
}
