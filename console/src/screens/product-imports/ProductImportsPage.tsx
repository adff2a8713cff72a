import { Badge } from '@mantine/core';
import type { ReactElement } from 'react';
import type { Listed } from '../../api/client';
import { CustomerName } from '../../ui/customer-names';
import type { Column } from '../../ui/DataTable';
import { AnchorLink } from '../../ui/links';
import { FIRST_PAGE } from '../../ui/list-page/ListButtonLink';
import { ListingPage } from '../../ui/list-page/ListingPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { rowLink } from '../../ui/list-page/row-link';
import { importName, MODE_LABELS } from './import-labels';
import { IMPORT_STATUSES, STATUS_COLORS } from './import-status';

type Row = Listed<'/product-imports'>;

const columns: Column<Row>[] = [
  {
    header: 'Status',
    sortField: 'status',
    cell: (row) =>
      row.status && (
        <Badge variant="dot" color={STATUS_COLORS[row.status]}>
          {row.status}
        </Badge>
      ),
  },
  { header: 'Mode', cell: (row) => (row.mode ? MODE_LABELS[row.mode] : '') },
  { header: 'Rows', cell: (row) => row.rows ?? '' },
  { header: 'Done', cell: (row) => row.processed ?? '' },
  { header: 'Refused', cell: (row) => row.failed ?? '' },
  { header: 'Catalogue', cell: (row) => (row.customerId ? <CustomerName customerId={row.customerId} /> : '') },
];

const filters: ListFilter[] = [{ name: 'status', label: 'Status', kind: 'choice', data: [...IMPORT_STATUSES] }];

/** The imports the principal may see, newest first, read again every few seconds so a running one's counts move. */
export function ProductImportsPage(): ReactElement {
  return (
    <ListingPage
      title="Product imports"
      listing="/product-imports"
      columns={columns}
      filters={filters}
      rowName={importName}
      link={rowLink('/products/imports/$importId')}
      nameHeader={{ header: 'Import', sortField: 'createDate' }}
      noun="import"
      emptyHint="Import products from a file on the products page."
      refetchInterval={5000}
      intro={
        <AnchorLink to="/products" search={FIRST_PAGE}>
          ← Products
        </AnchorLink>
      }
    />
  );
}
