import { Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { CaptionedTable, type TableColumn, WRAP_ANYWHERE } from '../../ui/CaptionedTable';
import { ErrorText } from '../../ui/ErrorText';
import { type Product, shownValue, versionDiff } from './product-draft';

/** How many of the latest versions are listed (each is one read, kept once read: versions never change). */
const LISTED_VERSIONS = 20;

/** The column of radios that picks one end of the comparison ("Compare from version 3"). */
function pickColumn(end: 'From' | 'To', picked: number, pick: (version: number) => void): TableColumn<number> {
  const word = end.toLowerCase();
  return {
    header: end,
    cell: (version) => (
      <Radio
        name={`history-${word}`}
        aria-label={`Compare ${word} version ${version}`}
        checked={picked === version}
        onChange={() => pick(version)}
      />
    ),
  };
}

/** The product's kept versions, newest first, and the field-by-field difference between the two chosen. */
export function ProductHistory({ product }: { product: Product }): ReactElement {
  const latest = product.dbVersion;
  const numbers = Array.from({ length: Math.min(latest + 1, LISTED_VERSIONS) }, (_, index) => latest - index);
  const [from, setFrom] = useState(Math.max(latest - 1, 0));
  const [to, setTo] = useState(latest);
  const versions = useQueries({
    queries: numbers.map((version) => ({
      queryKey: ['products', 'version', product.id, version],
      staleTime: Infinity,
      queryFn: async () =>
        unwrap(await api.GET('/products/{id}', { params: { path: { id: product.id }, query: { version } } })),
    })),
  });
  const byNumber = new Map(numbers.map((version, index) => [version, versions[index]]));
  const before = byNumber.get(from)?.data;
  const after = byNumber.get(to)?.data;
  const changes = before && after ? versionDiff(before, after) : undefined;
  const failed = versions.find((version) => version.error)?.error;
  const listedPart = latest + 1 > LISTED_VERSIONS ? ` (the latest ${LISTED_VERSIONS} of ${latest + 1})` : '';

  return (
    <Stack>
      <Text size="sm">Pick the two versions to compare: the one to read from, and the one to compare it with.</Text>
      <ErrorText error={failed} size="md" />
      <CaptionedTable
        caption={`Versions of this product${listedPart}`}
        columns={[
          { header: 'Version', cell: (version) => `${version}${version === latest ? ' (current)' : ''}` },
          {
            header: 'Saved',
            cell: (version) => {
              const record = byNumber.get(version)?.data;
              return record ? (
                new Date(record.updateDate).toLocaleString()
              ) : (
                <Loader size="xs" aria-label={`Loading version ${version}`} />
              );
            },
          },
          { header: 'Reason', cell: (version) => byNumber.get(version)?.data?.lastUpdateReason ?? '' },
          pickColumn('From', from, setFrom),
          pickColumn('To', to, setTo),
        ]}
        rows={numbers}
        rowKey={String}
        minWidth={480}
      />
      <Group>
        <Text fw={700} component="h3" m={0}>
          Changes from version {from} to version {to}
        </Text>
      </Group>
      {!changes ? (
        <Loader aria-label="Loading the versions" />
      ) : (
        <CaptionedTable
          caption={`Fields that differ between version ${from} and version ${to}`}
          columns={[
            { header: 'Field', cell: (change) => change.field, style: WRAP_ANYWHERE },
            { header: `Version ${from}`, cell: (change) => shownValue(change.before), style: WRAP_ANYWHERE },
            { header: `Version ${to}`, cell: (change) => shownValue(change.after), style: WRAP_ANYWHERE },
          ]}
          rows={changes}
          rowKey={(change) => change.field}
          minWidth={480}
          striped
          empty={
            <Text c="dimmed">
              {from === to
                ? 'The same version is picked twice: pick another one.'
                : 'No field differs between these versions.'}
            </Text>
          }
        />
      )}
    </Stack>
  );
}
