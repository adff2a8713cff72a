import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useState } from 'react';
import { plainWords, unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { isOperator, useCan, usePrincipal } from '../../auth/principal';
import { CustomerName } from '../../ui/customer-names';
import { type Column, DataTable } from '../../ui/DataTable';
import { AssetLinkCopy } from './AssetLinkCopy';
import { AssetUploadZone } from './AssetUploadZone';
import { DeleteAssetModal } from './DeleteAssetModal';

const route = getRouteApi('/app/assets');
type Asset = Listed<'/assets'>;

const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1048576
      ? `${(bytes / 1024).toFixed(1)} KiB`
      : `${(bytes / 1048576).toFixed(1)} MiB`;

/**
 * Uploads (anyone who may write assets) and the stored assets the principal may read: a customer's own uploads, the
 * operator's every owner's (with its customer); links to copy; deletion stays the operator's (DECISIONS §11).
 */
export function AssetsPage(): ReactElement {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const can = useCan();
  const operator = isOperator(usePrincipal());
  const [deleting, setDeleting] = useState<Asset>();
  const list = useQuery({
    queryKey: ['assets', search],
    queryFn: async () =>
      unwrap(
        await api.GET('/assets', {
          params: {
            query: {
              page: search.page,
              size: search.size,
              ...(typeof search.customerId === 'string' ? { customerId: search.customerId } : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: can('assets:read'),
  });
  const columns: Column<Asset>[] = [
    { header: 'File', cell: (row) => <AssetLinkCopy url={row.url} filename={row.filename} /> },
    { header: 'Type', cell: (row) => row.contentType },
    { header: 'Size', cell: (row) => size(row.size) },
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

  return (
    <Stack>
      <Title order={1}>Assets</Title>
      {can('assets:write') && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Upload
          </Title>
          <AssetUploadZone />
        </Card>
      )}
      {can('assets:read') ? (
        <>
          <Title order={2} size="h4">
            {operator ? 'Stored assets, oldest first' : 'Your files, oldest first'}
          </Title>
          {list.error ? (
            <Text c="red.8" role="alert">
              {plainWords(list.error)}
            </Text>
          ) : (
            <DataTable
              caption="Stored assets"
              columns={columns}
              page={list.data}
              loading={list.isFetching}
              rowKey={(row) => row.id}
              sort={undefined}
              onSort={() => undefined}
              onPage={(page) => navigate({ search: (previous) => ({ ...previous, page }) })}
              onSize={(next) => navigate({ search: (previous) => ({ ...previous, page: 0, size: next }) })}
              empty={<Text>No asset is stored yet: drop a file above to upload the first.</Text>}
            />
          )}
          <DeleteAssetModal asset={deleting} onClose={() => setDeleting(undefined)} />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          Reading the list of files needs the assets:read scope; the links of your uploads are shown above as they
          finish.
        </Text>
      )}
    </Stack>
  );
}
