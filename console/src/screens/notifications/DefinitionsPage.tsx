import { Button, Code, Text } from '@mantine/core';
import { Link, linkOptions } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { useCan } from '../../auth/principal';
import type { Column } from '../../ui/DataTable';
import { ListPage } from '../../ui/list-page/ListPage';
import { pageQuery } from '../../ui/list-search';
import { keys } from './notification-queries';

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
  const can = useCan();
  return (
    <ListPage
      title="Notification definitions"
      listKey={[...keys.definitions, 'list']}
      fetchPage={async (search) =>
        unwrap(await api.GET('/notification-definitions', { params: { query: pageQuery(search) } }))
      }
      columns={columns}
      rowName={(row) => row.name ?? row.id}
      link={(row) => linkOptions({ to: '/notification-definitions/$definitionId', params: { definitionId: row.id } })}
      actions={
        can('notifications:write') && (
          <Button component={Link} to="/notification-definitions/new">
            New definition
          </Button>
        )
      }
      intro={
        <Text c="dimmed" size="sm">
          A definition says which events matter (their subject, fact and filters) and what the notification says.
          Receivers listen to definitions.
        </Text>
      }
      noun="definition"
      emptyHint={
        can('notifications:write')
          ? 'Create one with "New definition" to hear the events that matter to you.'
          : undefined
      }
    />
  );
}
