import type { ReactElement } from 'react';
import type { Listed } from '../../api/client';
import type { Column } from '../../ui/DataTable';
import { ListingPage } from '../../ui/list-page/ListingPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { rowLink } from '../../ui/list-page/row-link';
import { statusColumn } from '../../ui/list-page/status-column';
import { CountrySelect, countryLabel } from '../../ui/place-pickers';
import { NewCustomerModal } from './NewCustomerModal';

type Customer = Listed<'/customers'>;

const columns: Column<Customer>[] = [
  { header: 'Realm', cell: (row) => row.realmName },
  { header: 'Type', cell: (row) => row.type },
  statusColumn('RUNNING', { variant: 'light' }),
  // By its name, its code beside it ("France (FR)").
  { header: 'Country', cell: (row) => (row.addressBook?.country ? countryLabel(row.addressBook.country) : '') },
  {
    header: 'Created',
    sortField: 'createDate',
    cell: (row) => (row.createDate ? new Date(row.createDate).toLocaleDateString() : ''),
  },
];

/** The filters of the list, each named as the API's (the country is the address book's, an ISO 3166-1 code). */
const FILTERS: ListFilter[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'type', label: 'Type', kind: 'choice', data: ['PUBLISHER', 'RESELLER'] },
  { name: 'status', label: 'Status', kind: 'choice', data: ['TRIAL', 'RUNNING'] },
  {
    name: 'addressBook.country',
    label: 'Country',
    kind: 'field',
    field: ({ value, ...props }) => <CountrySelect {...props} value={value || undefined} />,
  },
];

/** The operator's customers: publishers and resellers, filtered, sorted and paged by the server. */
export function CustomersPage(): ReactElement {
  return (
    <ListingPage
      title="Customers"
      listing="/customers"
      columns={columns}
      filters={FILTERS}
      link={rowLink('/customers/$customerId')}
      noun="customer"
      create={{ scope: 'customers:write', dialog: NewCustomerModal }}
    />
  );
}
