import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { plainWords } from '../../api/api-error';
import { useCan } from '../../auth/principal';
import { type Column, DataTable } from '../../ui/DataTable';
import { AnchorLink } from '../../ui/links';
import { ImportProductModal } from './ImportProductModal';
import { NewProductModal } from './NewProductModal';
import { ProductFiltersPanel } from './ProductFiltersPanel';
import { ProductStatusBadge } from './ProductStatusBadge';
import { type ListedProduct, useProductList, useProductNames } from './product-queries';

const route = getRouteApi('/app/products');

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

/** The columns, with the parents' names a page of variants needs. */
const columnsFor = (parentNames: Map<string, string>): Column<ListedProduct>[] => [
  {
    header: 'Name',
    sortField: 'genericName',
    cell: (row) => (
      <AnchorLink to="/products/$productId" params={{ productId: row.id }}>
        {row.genericName || row.publisherRefId || row.id}
      </AnchorLink>
    ),
  },
  { header: 'Reference', sortField: 'publisherRefId', cell: (row) => row.publisherRefId },
  { header: 'Price', cell: (row) => listPrice(row.prices) },
  { header: 'Lifetime', sortField: 'lifeTime', cell: (row) => row.lifeTime },
  { header: 'Type', sortField: 'type', cell: (row) => row.type ?? '' },
  { header: 'Status', sortField: 'status', cell: (row) => <ProductStatusBadge status={row.status} /> },
  { header: 'Stores', cell: (row) => (row.sellingStores ?? []).join(', ') },
  {
    header: 'Variant of',
    cell: (row) =>
      row.parentId ? (
        <AnchorLink to="/products/$productId" params={{ productId: row.parentId }}>
          {parentNames.get(row.parentId) ?? 'its parent'}
        </AnchorLink>
      ) : (
        ''
      ),
  },
  {
    header: 'Updated',
    sortField: 'updateDate',
    cell: (row) =>
      row.updateDate
        ? new Date(row.updateDate).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' })
        : '',
  },
];

/** The products the principal may see: searched, filtered, sorted and paged by the server, all of it in the URL. */
export function ProductsPage(): ReactElement {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const can = useCan();
  const [creating, creation] = useDisclosure();
  const [importing, importer] = useDisclosure();
  const set = (changes: Record<string, string | number | undefined>) =>
    navigate({ search: (previous) => ({ ...previous, page: 0, ...changes }) });
  const list = useProductList(search);
  const parentNames = useProductNames((list.data?.items ?? []).flatMap((row) => (row.parentId ? [row.parentId] : [])));

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Products</Title>
        {can('catalog:write') && (
          <Group gap="xs">
            <Button variant="default" onClick={importer.open}>
              Import
            </Button>
            <Button onClick={creation.open}>New product</Button>
          </Group>
        )}
      </Group>
      <ProductFiltersPanel search={search} set={set} />
      {list.error ? (
        <Text c="red" role="alert">
          {plainWords(list.error)}
        </Text>
      ) : (
        <DataTable
          caption="Products"
          columns={columnsFor(parentNames)}
          page={list.data}
          loading={list.isFetching}
          rowKey={(row) => row.id}
          sort={search.sort}
          onSort={(sort) => set({ sort })}
          onPage={(page) => navigate({ search: (previous) => ({ ...previous, page }) })}
          onSize={(size) => set({ size })}
          empty={
            <Text>
              No product matches this search and these filters.{' '}
              {can('catalog:write')
                ? 'Clear a filter, or create one with "New product".'
                : 'Clear a filter to see more.'}
            </Text>
          }
        />
      )}
      <NewProductModal opened={creating} onClose={creation.close} />
      <ImportProductModal opened={importing} onClose={importer.close} />
    </Stack>
  );
}
