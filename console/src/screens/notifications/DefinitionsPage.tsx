import { Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { plainWords, unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { useCan } from '../../auth/principal';
import { type Column, DataTable } from '../../ui/DataTable';
import { AnchorLink } from '../../ui/links';
import { keys, pageQuery } from './notification-queries';

const route = getRouteApi('/app/notification-definitions');
type Definition = Listed<'/notification-definitions'>;

const columns: Column<Definition>[] = [
  {
    header: 'Name',
    sortField: 'name',
    cell: (row) => (
      <AnchorLink to="/notification-definitions/$definitionId" params={{ definitionId: row.id }}>
        {row.name ?? row.id}
      </AnchorLink>
    ),
  },
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
  {
    header: 'Updated',
    sortField: 'updateDate',
    cell: (row) => (row.updateDate ? new Date(row.updateDate).toLocaleString() : ''),
  },
];

/** Which events become notifications: the definitions, paged and sorted by the server. */
export function DefinitionsPage(): ReactElement {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const can = useCan();
  const set = (changes: Record<string, string | number | undefined>) =>
    navigate({ search: (previous) => ({ ...previous, page: 0, ...changes }) });
  const list = useQuery({
    queryKey: [...keys.definitions, 'list', search],
    queryFn: async () => unwrap(await api.GET('/notification-definitions', { params: { query: pageQuery(search) } })),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Notification definitions</Title>
        {can('notifications:write') && (
          <Button component={Link} to="/notification-definitions/new">
            New definition
          </Button>
        )}
      </Group>
      <Text c="dimmed" size="sm">
        A definition says which events matter (their subject, fact and filters) and what the notification says.
        Receivers listen to definitions.
      </Text>
      {list.error ? (
        <Text c="red" role="alert">
          {plainWords(list.error)}
        </Text>
      ) : (
        <DataTable
          caption="Notification definitions"
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
              No definition yet.{' '}
              {can('notifications:write')
                ? 'Create one with "New definition" to hear the events that matter to you.'
                : ''}
            </Text>
          }
        />
      )}
    </Stack>
  );
}
