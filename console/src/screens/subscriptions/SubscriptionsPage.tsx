import { Badge } from '@mantine/core';
import type { ReactElement } from 'react';
import type { Listed } from '../../api/client';
import { isOperator, usePrincipal } from '../../auth/principal';
import { CustomerName } from '../../ui/customer-names';
import type { Column } from '../../ui/DataTable';
import { AnchorLink } from '../../ui/links';
import { ListingPage } from '../../ui/list-page/ListingPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { rowLink } from '../../ui/list-page/row-link';
import { NewSubscriptionModal } from './NewSubscriptionModal';
import { STATUS_COLOURS, STATUSES } from './subscription-machine';
import { useSubscriptionModels } from './subscription-queries';

type Row = Listed<'/subscriptions'>;

const day = (value: string | number | undefined) => (value ? new Date(value).toLocaleDateString() : '');

function columnsFor(operator: boolean): Column<Row>[] {
  return [
    {
      header: 'Status',
      sortField: 'lifecycle.status',
      cell: (row) =>
        row.lifecycle?.status ? (
          <Badge variant="light" color={STATUS_COLOURS[row.lifecycle.status]} style={{ minWidth: 'max-content' }}>
            {row.lifecycle.status}
          </Badge>
        ) : (
          ''
        ),
    },
    ...(operator
      ? [
          {
            header: 'Customer',
            cell: (row: Row) => (row.customerId ? <CustomerName customerId={row.customerId} /> : ''),
          },
        ]
      : []),
    { header: 'End user', sortField: 'enduserId', cell: (row) => row.enduserId ?? '' },
    { header: 'Store', sortField: 'storeId', cell: (row) => row.storeId ?? '' },
    {
      header: 'Model',
      cell: (row) => {
        const name =
          row.model?.name ?? (row.model?.term ? `${row.model.term.value} ${row.model.term.unit.toLowerCase()}` : '');
        return row.modelId ? (
          <AnchorLink to="/subscription-models/$modelId" params={{ modelId: row.modelId }}>
            {name || 'model'}
          </AnchorLink>
        ) : (
          name
        );
      },
    },
    {
      header: 'Next billing',
      sortField: 'lifecycle.nextBillingDate',
      cell: (row) => day(row.lifecycle?.nextBillingDate),
    },
    { header: 'Created', sortField: 'createDate', cell: (row) => day(row.createDate) },
  ];
}

/** Every filter of `GET /subscriptions`: status and model picked, the ids typed. */
function useFilters(operator: boolean): ListFilter[] {
  const models = useSubscriptionModels();
  return [
    { name: 'status', label: 'Status', kind: 'choice', data: [...STATUSES] },
    {
      name: 'modelId',
      label: 'Model',
      kind: 'choice',
      searchable: true,
      data: (models.data ?? []).map((model) => ({ value: model.id, label: model.name ?? model.id })),
    },
    ...(operator ? [{ name: 'customerId', label: 'Customer id', kind: 'text' } as const] : []),
    { name: 'enduserId', label: 'End user', kind: 'text' },
    { name: 'storeId', label: 'Store', kind: 'text' },
    { name: 'externalRefId', label: 'External reference', kind: 'text' },
  ];
}

/** Subscriptions, filtered by every filter of the API, sorted and paged by the server; the state is the URL's. */
export function SubscriptionsPage(): ReactElement {
  const operator = isOperator(usePrincipal());
  return (
    <ListingPage
      title="Subscriptions"
      listing="/subscriptions"
      columns={columnsFor(operator)}
      filters={useFilters(operator)}
      link={rowLink('/subscriptions/$subscriptionId')}
      noun="subscription"
      create={{ scope: 'subscriptions:write', dialog: NewSubscriptionModal }}
    />
  );
}
