import { Text } from '@mantine/core';
import { linkOptions } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import type { Listed } from '../../api/client';
import type { Column } from '../../ui/DataTable';
import { ListingPage } from '../../ui/list-page/ListingPage';
import { rowLink } from '../../ui/list-page/row-link';
import { statusColumn } from '../../ui/list-page/status-column';

type Receiver = Listed<'/notification-receivers'>;

const emailsOf = (receiver: Receiver) =>
  Array.isArray(receiver.emails) ? receiver.emails.join(', ') : (receiver.emails ?? '');

const columns: Column<Receiver>[] = [
  statusColumn('ACTIVE'),
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
  return (
    <ListingPage
      title="Notification receivers"
      listing="/notification-receivers"
      columns={columns}
      link={rowLink('/notification-receivers/$receiverId')}
      noun="receiver"
      create={{
        scope: 'notifications:write',
        to: linkOptions({ to: '/notification-receivers/new' }),
        purpose: 'to send notifications to a web hook or e-mail addresses',
      }}
    />
  );
}
