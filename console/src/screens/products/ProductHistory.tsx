import { Group, Loader, Radio, Stack, Table, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { plainWords, unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { type Product, shownValue, versionDiff } from './product-draft';

/** How many of the latest versions are listed (each is one read, kept once read: versions never change). */
const LISTED_VERSIONS = 20;

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

  return (
    <Stack>
      <Text size="sm">Pick the two versions to compare: the one to read from, and the one to compare it with.</Text>
      {failed && (
        <Text c="red" role="alert">
          {plainWords(failed)}
        </Text>
      )}
      <Table.ScrollContainer minWidth={480}>
        <Table>
          <caption style={{ captionSide: 'top', textAlign: 'left' }}>
            Versions of this product
            {latest + 1 > LISTED_VERSIONS ? ` (the latest ${LISTED_VERSIONS} of ${latest + 1})` : ''}
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Version</Table.Th>
              <Table.Th>Saved</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>To</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {numbers.map((version) => {
              const record = byNumber.get(version)?.data;
              return (
                <Table.Tr key={version}>
                  <Table.Td>
                    {version}
                    {version === latest ? ' (current)' : ''}
                  </Table.Td>
                  <Table.Td>
                    {record ? (
                      new Date(record.updateDate).toLocaleString()
                    ) : (
                      <Loader size="xs" aria-label={`Loading version ${version}`} />
                    )}
                  </Table.Td>
                  <Table.Td>{record?.lastUpdateReason ?? ''}</Table.Td>
                  <Table.Td>
                    <Radio
                      name="history-from"
                      aria-label={`Compare from version ${version}`}
                      checked={from === version}
                      onChange={() => setFrom(version)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Radio
                      name="history-to"
                      aria-label={`Compare to version ${version}`}
                      checked={to === version}
                      onChange={() => setTo(version)}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group>
        <Text fw={700} component="h3" m={0}>
          Changes from version {from} to version {to}
        </Text>
      </Group>
      {!changes ? (
        <Loader aria-label="Loading the versions" />
      ) : changes.length === 0 ? (
        <Text c="dimmed">
          {from === to
            ? 'The same version is picked twice: pick another one.'
            : 'No field differs between these versions.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <caption style={{ captionSide: 'top', textAlign: 'left' }}>
              Fields that differ between version {from} and version {to}
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Field</Table.Th>
                <Table.Th>Version {from}</Table.Th>
                <Table.Th>Version {to}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changes.map((change) => (
                <Table.Tr key={change.field}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{change.field}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{shownValue(change.before)}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{shownValue(change.after)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
