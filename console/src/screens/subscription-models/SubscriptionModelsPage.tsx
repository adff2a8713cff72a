import type { ReactElement } from 'react';
import type { Listed } from '../../api/client';
import { isOperator, usePrincipal } from '../../auth/principal';
import { CustomerName } from '../../ui/customer-names';
import type { Column } from '../../ui/DataTable';
import { ListingPage } from '../../ui/list-page/ListingPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { rowLink } from '../../ui/list-page/row-link';
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
  const operator = isOperator(usePrincipal());
  const filters: ListFilter[] = [{ name: 'name', label: 'Name', kind: 'text' }, ...(operator ? [CUSTOMER_FILTER] : [])];
  return (
    <ListingPage
      title="Subscription models"
      listing="/subscription-models"
      columns={columnsFor(operator)}
      filters={filters}
      link={rowLink('/subscription-models/$modelId')}
      noun="subscription model"
      create={{ scope: 'subscriptions:write', dialog: NewSubscriptionModelModal }}
    />
  );
}
