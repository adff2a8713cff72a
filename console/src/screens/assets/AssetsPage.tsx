import { Button, Card, Stack, Text, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { useState } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { isOperator, useCan, usePrincipal } from '../../auth/principal';
import { CustomerName } from '../../ui/customer-names';
import type { Column } from '../../ui/DataTable';
import { ListPage } from '../../ui/list-page/ListPage';
import { filterValue, type ListSearch } from '../../ui/list-search';
import { AssetLinkCopy } from './AssetLinkCopy';
import { AssetThumbnail } from './AssetThumbnail';
import { AssetUploadZone } from './AssetUploadZone';
import { assetSize } from './asset-size';
import { DeleteAssetModal } from './DeleteAssetModal';

type Asset = Listed<'/assets'>;

/** The API lists assets oldest first and sorts them no other way. */
async function assetsPage(search: ListSearch) {
  const query = { page: search.page, size: search.size, customerId: filterValue(search.customerId) };
  return unwrap(await api.GET('/assets', { params: { query } }));
}

/**
 * Uploads (anyone who may write assets) and the stored assets the principal may read: a customer's own uploads, the
 * operator's every owner's (with its customer); links to copy; deletion stays the operator's (DECISIONS §11).
 */
export function AssetsPage(): ReactElement {
  const can = useCan();
  const operator = isOperator(usePrincipal());
  const [deleting, setDeleting] = useState<Asset>();
  const columns: Column<Asset>[] = [
    {
      header: 'Preview',
      cell: (row) => <AssetThumbnail url={row.url} filename={row.filename} contentType={row.contentType} />,
    },
    { header: 'File', cell: (row) => <AssetLinkCopy url={row.url} filename={row.filename} /> },
    { header: 'Type', cell: (row) => row.contentType },
    { header: 'Size', cell: (row) => assetSize(row.size) },
    { header: 'Uploaded', cell: (row) => new Date(row.createDate).toLocaleString() },
    ...(operator
      ? [
          {
            header: 'Customer',
            cell: (row: Asset) => (row.customerId ? <CustomerName customerId={row.customerId} /> : 'the platform'),
          },
        ]
      : []),
    ...(operator && can('assets:write')
      ? [
          {
            header: 'Actions',
            cell: (row: Asset) => (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                onClick={() => setDeleting(row)}
                aria-label={`Delete ${row.filename}`}
              >
                Delete
              </Button>
            ),
          },
        ]
      : []),
  ];

  const upload = can('assets:write') && (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Upload
      </Title>
      <AssetUploadZone />
    </Card>
  );
  if (!can('assets:read'))
    return (
      <Stack>
        <Title order={1}>Assets</Title>
        {upload}
        <Text size="sm" c="dimmed">
          Reading the list of files needs the assets:read scope; the links of your uploads are shown above as they
          finish.
        </Text>
      </Stack>
    );
  return (
    <ListPage
      title="Assets"
      caption="Stored assets"
      listKey={['assets', 'list']}
      fetchPage={assetsPage}
      sortable={false}
      columns={columns}
      rowName={(row) => row.filename}
      intro={
        <>
          {upload}
          <Title order={2} size="h4">
            {operator ? 'Stored assets, oldest first' : 'Your files, oldest first'}
          </Title>
        </>
      }
      noun="asset"
      emptyHint="Drop a file above to upload the first."
    >
      <DeleteAssetModal asset={deleting} onClose={() => setDeleting(undefined)} />
    </ListPage>
  );
}
