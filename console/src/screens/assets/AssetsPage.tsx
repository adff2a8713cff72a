import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useState } from 'react';
import { plainWords, unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { isOperator, useCan, usePrincipal } from '../../auth/principal';
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

/** Uploads (anyone who may write assets) and, for the operator, every stored asset: its link to copy, and deletion. */
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
    enabled: operator && can('assets:read'),
  });
  const columns: Column<Asset>[] = [
    { header: 'File', cell: (row) => <AssetLinkCopy url={row.url} filename={row.filename} /> },
    { header: 'Type', cell: (row) => row.contentType },
    { header: 'Size', cell: (row) => size(row.size) },
    { header: 'Uploaded', cell: (row) => new Date(row.createDate).toLocaleString() },
    ...(can('assets:write')
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
      {operator ? (
        <>
          <Title order={2} size="h4">
            Stored assets, oldest first
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
          The list of stored assets is the platform operator's; the links of your uploads are shown above as they
          finish.
        </Text>
      )}
    </Stack>
  );
}
