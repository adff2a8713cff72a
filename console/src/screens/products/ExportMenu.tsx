import { Button, Menu, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { plainWords } from '../../api/api-error';
import { type ExportFormat, exportProducts } from './export-products';

const route = getRouteApi('/app/products');

/** Downloads every product the list's filters and search match, as CSV (imports back) or NDJSON. */
export function ExportMenu(): ReactElement {
  const search = route.useSearch();
  const run = useMutation({ mutationFn: (format: ExportFormat) => exportProducts(search, format) });
  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={run.isPending}>
            Export
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>The products these filters match</Menu.Label>
          <Menu.Item onClick={() => run.mutate('csv')}>CSV (imports back)</Menu.Item>
          <Menu.Item onClick={() => run.mutate('ndjson')}>NDJSON (a product a line)</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {run.error && (
        <Text c="red.8" size="sm" role="alert">
          Export failed: {plainWords(run.error)}
        </Text>
      )}
    </>
  );
}
