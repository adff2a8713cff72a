import { Badge, Button, Text } from '@mantine/core';
import { Link, linkOptions } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { useCan } from '../../auth/principal';
import type { Column } from '../../ui/DataTable';
import { ListPage } from '../../ui/list-page/ListPage';
import { pageQuery } from '../../ui/list-search';
import { keys } from './notification-queries';

type Receiver = Listed<'/notification-receivers'>;

const emailsOf = (receiver: Receiver) =>
  Array.isArray(receiver.emails) ? receiver.emails.join(', ') : (receiver.emails ?? '');

const columns: Column<Receiver>[] = [
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
  const can = useCan();
  return (
    <ListPage
      title="Notification receivers"
      listKey={[...keys.receivers, 'list']}
      fetchPage={async (search) =>
        unwrap(await api.GET('/notification-receivers', { params: { query: pageQuery(search) } }))
      }
      columns={columns}
      rowName={(row) => row.name ?? row.id}
      link={(row) => linkOptions({ to: '/notification-receivers/$receiverId', params: { receiverId: row.id } })}
      actions={
        can('notifications:write') && (
          <Button component={Link} to="/notification-receivers/new">
            New receiver
          </Button>
        )
      }
      noun="receiver"
      emptyHint={
        can('notifications:write')
          ? 'Create one with "New receiver" to send notifications to a web hook or e-mail addresses.'
          : undefined
      }
    />
  );
}
