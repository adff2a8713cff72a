import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { plainWords, unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { useCan } from '../../auth/principal';
import { type Column, DataTable } from '../../ui/DataTable';
import { AnchorLink } from '../../ui/links';
import { keys, pageQuery } from './notification-queries';

const route = getRouteApi('/app/notification-receivers');
type Receiver = Listed<'/notification-receivers'>;

const emailsOf = (receiver: Receiver) =>
  Array.isArray(receiver.emails) ? receiver.emails.join(', ') : (receiver.emails ?? '');

const columns: Column<Receiver>[] = [
  {
    header: 'Name',
    sortField: 'name',
    cell: (row) => (
      <AnchorLink to="/notification-receivers/$receiverId" params={{ receiverId: row.id }}>
        {row.name ?? row.id}
      </AnchorLink>
    ),
  },
  {
    header: 'Status',
    cell: (row) => (
      <Badge variant="dot" color={row.status === 'ACTIVE' ? 'green' : 'gray'}>
        {row.status}
      </Badge>
    ),
  },
  {
    header: 'Web hook',
    cell: (row) => (
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {row.url ?? ''}
      </Text>
    ),
  },
  { header: 'E-mails', cell: emailsOf },
  { header: 'Definitions', cell: (row) => row.notificationDefinitionIds?.length ?? 0 },
];

/** Where notifications go: the receivers (web hooks, e-mail), paged and sorted by the server. */
export function ReceiversPage(): ReactElement {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const can = useCan();
  const set = (changes: Record<string, string | number | undefined>) =>
    navigate({ search: (previous) => ({ ...previous, page: 0, ...changes }) });
  const list = useQuery({
    queryKey: [...keys.receivers, 'list', search],
    queryFn: async () => unwrap(await api.GET('/notification-receivers', { params: { query: pageQuery(search) } })),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Notification receivers</Title>
        {can('notifications:write') && (
          <Button component={Link} to="/notification-receivers/new">
            New receiver
          </Button>
        )}
      </Group>
      {list.error ? (
        <Text c="red" role="alert">
          {plainWords(list.error)}
        </Text>
      ) : (
        <DataTable
          caption="Notification receivers"
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
              No receiver yet.{' '}
              {can('notifications:write')
                ? 'Create one with "New receiver" to send notifications to a web hook or e-mail addresses.'
                : ''}
            </Text>
          }
        />
      )}
    </Stack>
  );
}
