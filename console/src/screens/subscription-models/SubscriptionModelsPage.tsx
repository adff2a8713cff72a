import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { linkOptions } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { isOperator, useCan, usePrincipal } from '../../auth/principal';
import { CustomerName } from '../../ui/customer-names';
import type { Column } from '../../ui/DataTable';
import { ListPage } from '../../ui/list-page/ListPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { filterValue, pageQuery } from '../../ui/list-search';
import { CUSTOMER_FILTER } from '../../ui/record-picker/RecordFilter';
import { termLabel } from './model-queries';
import { NewSubscriptionModelModal } from './NewSubscriptionModelModal';

type Model = Listed<'/subscription-models'>;

function columnsFor(operator: boolean): Column<Model>[] {
  return [
    { header: 'Term', cell: (row) => termLabel(row.term) },
    { header: 'Trial', cell: (row) => (row.durationUntilTrialEnd ? `${row.durationUntilTrialEnd} days` : 'none') },
    ...(operator
      ? [
          {
            header: 'Customer',
            cell: (row: Model) =>
              row.customerId ? <CustomerName customerId={row.customerId} /> : "the platform's standard",
          },
        ]
      : []),
    {
      header: 'Created',
      sortField: 'createDate',
      cell: (row) => (row.createDate ? new Date(row.createDate).toLocaleDateString() : ''),
    },
  ];
}

/** The models subscriptions follow: the principal's own and the operator's standard ones; new ones (write scope). */
export function SubscriptionModelsPage(): ReactElement {
  const can = useCan();
  const operator = isOperator(usePrincipal());
  const [creating, { open, close }] = useDisclosure();
  const filters: ListFilter[] = [{ name: 'name', label: 'Name', kind: 'text' }, ...(operator ? [CUSTOMER_FILTER] : [])];
  return (
    <ListPage
      title="Subscription models"
      listKey={['subscription-models', 'list']}
      fetchPage={async (search) =>
        unwrap(
          await api.GET('/subscription-models', {
            params: {
              query: {
                ...pageQuery(search),
                name: filterValue(search.name),
                customerId: filterValue(search.customerId),
              },
            },
          }),
        )
      }
      columns={columnsFor(operator)}
      filters={filters}
      rowName={(row) => row.name ?? row.id}
      link={(row) => linkOptions({ to: '/subscription-models/$modelId', params: { modelId: row.id } })}
      actions={can('subscriptions:write') && <Button onClick={open}>New subscription model</Button>}
      noun="subscription model"
      emptyHint={can('subscriptions:write') ? 'Create one with "New subscription model".' : undefined}
    >
      <NewSubscriptionModelModal opened={creating} onClose={close} />
    </ListPage>
  );
}
