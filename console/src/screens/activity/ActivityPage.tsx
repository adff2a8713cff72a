import { Text } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { isOperator, usePrincipal } from '../../auth/principal';
import { ActivityChanges, ActorLabel, factLabel } from '../../ui/activity/ActivityChanges';
import { FACTS, recordLink, SUBJECTS, subjectLabel } from '../../ui/activity/activity-catalogue';
import { type ActivityEntry, entryRecordName, formatInstant } from '../../ui/activity/activity-changes';
import { CustomerName } from '../../ui/customer-names';
import type { Column } from '../../ui/DataTable';
import { AnchorLink } from '../../ui/links';
import { ListPage } from '../../ui/list-page/ListPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { CUSTOMER_FILTER } from '../../ui/record-picker/RecordFilter';
import { activityQuery } from './activity-query';

/** The record an entry changed: by its name where the entry carries one, linked to its page where the console has one. */
function RecordCell({ entry }: { entry: ActivityEntry }): ReactNode {
  if (!entry.recordId) return '—';
  const name = entryRecordName(entry) ?? `${subjectLabel(entry.subject)} ${entry.recordId.slice(-8)}`;
  const link = entry.fact === 'deleted' ? undefined : recordLink(entry.subject, entry.recordId);
  return link ? <AnchorLink {...link}>{name}</AnchorLink> : name;
}

function columnsFor(operator: boolean): Column<ActivityEntry>[] {
  return [
    { header: 'When', cell: (row) => <time dateTime={row.at}>{formatInstant(row.at)}</time> },
    {
      header: 'What',
      cell: (row) => (
        <Text size="sm">
          <Text span fw={700}>
            {factLabel(row.fact)}
          </Text>{' '}
          {subjectLabel(row.subject)}
        </Text>
      ),
    },
    { header: 'Record', cell: (row) => <RecordCell entry={row} /> },
    ...(operator
      ? [
          {
            header: 'Customer',
            cell: (row: ActivityEntry) =>
              row.customerId ? <CustomerName customerId={row.customerId} /> : 'the platform',
          },
        ]
      : []),
    { header: 'Who', cell: (row) => <ActorLabel actor={row.actor} /> },
    { header: 'Changes', cell: (row) => <ActivityChanges entry={row} /> },
  ];
}

/** Every filter of `GET /activity`: the kind, the fact and the customer picked, the days picked, the actor typed. */
function useFilters(operator: boolean): ListFilter[] {
  return [
    {
      name: 'subject',
      label: 'Kind of record',
      kind: 'choice',
      searchable: true,
      data: SUBJECTS.map((subject) => ({ value: subject, label: subjectLabel(subject) })),
    },
    { name: 'fact', label: 'What happened', kind: 'choice', searchable: true, data: FACTS },
    { name: 'actor', label: 'Who', kind: 'text', placeholder: 'A username or client' },
    ...(operator ? [CUSTOMER_FILTER] : []),
    { name: 'from', label: 'From', kind: 'date', more: true },
    { name: 'to', label: 'To (included)', kind: 'date', more: true },
    { name: 'recordId', label: 'Record id', kind: 'text', more: true },
  ];
}

/** Who changed what and when (`GET /activity`), newest first, filtered by every filter of the API; the state is the URL's. */
export function ActivityPage(): ReactElement {
  const operator = isOperator(usePrincipal());
  return (
    <ListPage
      title="Activity"
      listKey={['activity', 'list']}
      fetchPage={async (search) => unwrap(await api.GET('/activity', { params: { query: activityQuery(search) } }))}
      sortable={false}
      columns={columnsFor(operator)}
      filters={useFilters(operator)}
      rowName={(row) => `${row.fact} ${row.subject} ${row.recordId ?? ''}`}
      intro={
        <Text size="sm">
          Every change of the records you may read, newest first: who made it, and the fields it changed. Changes are
          kept 90 days by default.
        </Text>
      }
      noun="change"
      emptyHint="Changes show here as records are created and edited."
    />
  );
}
