import { Code, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import type { Listed } from '../../api/client';
import { isOperator, usePrincipal } from '../../auth/principal';
import { CustomerName } from '../../ui/customer-names';
import type { Column } from '../../ui/DataTable';
import { ListingPage } from '../../ui/list-page/ListingPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { rowLink } from '../../ui/list-page/row-link';
import { CUSTOMER_FILTER } from '../../ui/record-picker/RecordFilter';
import { NewPriceFunctionModal } from './NewPriceFunctionModal';

type PriceFunction = Listed<'/price-functions'>;

const date = (value: string | undefined) => (value ? new Date(value).toLocaleString() : '');

const columns = (operator: boolean): Column<PriceFunction>[] => [
  {
    header: 'Expression',
    cell: (row) => <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{row.expression}</Code>,
  },
  { header: 'Parameters', cell: (row) => (row.parameters ?? []).map((parameter) => parameter.field).join(', ') },
  ...(operator
    ? [
        {
          header: 'Customer',
          cell: (row: PriceFunction) =>
            row.customerId ? <CustomerName customerId={row.customerId} /> : 'the platform',
        },
      ]
    : []),
  { header: 'Created', sortField: 'createDate', cell: (row) => date(row.createDate) },
  { header: 'Updated', sortField: 'updateDate', cell: (row) => date(row.updateDate) },
];

const filtersFor = (operator: boolean): ListFilter[] => [
  { name: 'name', label: 'Name (exact)', kind: 'text' },
  ...(operator ? [CUSTOMER_FILTER] : []),
];

/** The price functions the principal may read, filtered, sorted and paged by the server. */
export function PriceFunctionsPage(): ReactElement {
  const operator = isOperator(usePrincipal());
  return (
    <ListingPage
      title="Price functions"
      listing="/price-functions"
      columns={columns(operator)}
      filters={filtersFor(operator)}
      rowName={(row) => row.name || row.id}
      link={rowLink('/price-functions/$priceFunctionId')}
      create={{ scope: 'catalog:write', dialog: NewPriceFunctionModal }}
      intro={
        <Text c="dimmed" size="sm">
          A price function computes a product's price from its list price, the quantity and its parameters. A product
          uses the function its "price function" names.
        </Text>
      }
      noun="price function"
    />
  );
}
