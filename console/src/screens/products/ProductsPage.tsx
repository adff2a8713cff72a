import { useDisclosure } from '@mantine/hooks';
import type { ReactElement } from 'react';
import { useCan } from '../../auth/principal';
import type { Column } from '../../ui/DataTable';
import { shortDateTime } from '../../ui/date-format';
import { ListButtonLink } from '../../ui/list-page/ListButtonLink';
import { ListingPage } from '../../ui/list-page/ListingPage';
import { rowLink } from '../../ui/list-page/row-link';
import { RecordName } from '../../ui/record-picker/RecordName';
import { PRODUCTS } from '../../ui/record-picker/record-sources';
import { ImportWizard } from '../product-imports/ImportWizard';
import { ExportMenu } from './ExportMenu';
import { ImportMenu } from './ImportMenu';
import { ImportProductModal } from './ImportProductModal';
import { NewProductModal } from './NewProductModal';
import { ProductBulkActions } from './ProductBulkActions';
import { ProductStatusBadge } from './ProductStatusBadge';
import { PRODUCT_FILTERS } from './product-filters';
import { type ListedProduct, PRODUCT_LIST } from './product-queries';

/** The list price a row shows: its default currency's first entry, and how many others it has. */
function listPrice(prices: ListedProduct['prices'] | undefined): string {
  const entries = Object.entries(prices?.priceByCountryByCurrency ?? {}).flatMap(([country, byCurrency]) =>
    Object.entries(byCurrency).map(([currency, entry]) => ({ country, currency, entry })),
  );
  const shown = entries.find((candidate) => candidate.currency === prices?.defaultCurrency) ?? entries[0];
  if (!shown || shown.entry.value === undefined) return '';
  const others = entries.length > 1 ? ` (+${entries.length - 1})` : '';
  return `${shown.entry.value.toFixed(2)} ${shown.currency} ${shown.country}${others}`;
}

const columns: Column<ListedProduct>[] = [
  { header: 'Reference', sortField: 'publisherRefId', cell: (row) => row.publisherRefId },
  { header: 'Price', cell: (row) => listPrice(row.prices) },
  { header: 'Lifetime', sortField: 'lifeTime', cell: (row) => row.lifeTime },
  { header: 'Type', sortField: 'type', cell: (row) => row.type ?? '' },
  { header: 'Status', sortField: 'status', cell: (row) => <ProductStatusBadge status={row.status} /> },
  { header: 'Stores', cell: (row) => (row.sellingStores ?? []).join(', ') },
  {
    header: 'Variant of',
    cell: (row) => (row.parentId ? <RecordName source={PRODUCTS} id={row.parentId} pending="its parent" /> : ''),
  },
  { header: 'Created', sortField: 'createDate', cell: (row) => shortDateTime(row.createDate) },
  { header: 'Updated', sortField: 'updateDate', cell: (row) => shortDateTime(row.updateDate) },
];

const productName = (row: ListedProduct) => row.genericName || row.publisherRefId || row.id;
const productLink = rowLink('/products/$productId');
const NAME_HEADER = { header: 'Name', sortField: 'genericName' };

const CREATE = { scope: 'catalog:write', dialog: NewProductModal };

/** The products the principal may see: searched, filtered, sorted and paged by the server, all of it in the URL. */
export function ProductsPage(): ReactElement {
  const writes = useCan()('catalog:write');
  const [importing, importer] = useDisclosure();
  const [importingFile, wizard] = useDisclosure();
  return (
    <ListingPage
      title="Products"
      listing="/products"
      fetchPage={PRODUCT_LIST.fetchPage}
      defaultSort={PRODUCT_LIST.defaultSort}
      columns={columns}
      filters={PRODUCT_FILTERS}
      rowName={productName}
      link={productLink}
      nameHeader={NAME_HEADER}
      bulkActions={writes ? (picked, bulk) => <ProductBulkActions rows={picked} bulk={bulk} /> : undefined}
      actions={
        <>
          <ExportMenu />
          <ListButtonLink to="/products/imports">Imports</ListButtonLink>
          {writes && <ImportMenu onFile={wizard.open} onOne={importer.open} />}
        </>
      }
      noun="product"
      create={CREATE}
    >
      <ImportProductModal opened={importing} onClose={importer.close} />
      <ImportWizard opened={importingFile} onClose={wizard.close} />
    </ListingPage>
  );
}
