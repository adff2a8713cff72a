import { Code, Group, Pagination, Skeleton, Table, Text } from '@mantine/core';
import { type ReactElement, useState } from 'react';
import { plainWords } from '../../api/api-error';
import { scrollRegion } from '../../ui/scroll-region';
import { useImportErrors } from './import-queries';

const PAGE_SIZE = 20;

/** The refused rows of an import, a page at a time: the file's line, the field and why. */
export function ImportErrorsTable({ importId, failed }: { importId: string; failed: number }): ReactElement | null {
  const [page, setPage] = useState(0);
  const errors = useImportErrors(importId, page, PAGE_SIZE, failed > 0);
  if (failed === 0) return null;
  if (errors.isPending) return <Skeleton h={80} aria-label="Loading the refused rows" />;
  if (errors.error)
    return (
      <Text c="red.8" role="alert">
        {plainWords(errors.error)}
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={420} scrollAreaProps={scrollRegion('Refused rows')}>
        <Table striped captionSide="top">
          <Table.Caption>Refused rows ({errors.data.totalItems})</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Field</Table.Th>
              <Table.Th>Why</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.data.items.map((error) => (
              <Table.Tr key={`${error.line}:${error.field}`}>
                <Table.Td>{error.line}</Table.Td>
                <Table.Td>
                  <Code>{error.field}</Code>
                </Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{error.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {errors.data.totalPages > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={errors.data.totalPages}
            value={page + 1}
            onChange={(next) => setPage(next - 1)}
            getControlProps={(control) => ({ 'aria-label': `${control} page of refused rows` })}
            getItemProps={(item) => ({ 'aria-label': `Refused rows, page ${item}` })}
          />
        </Group>
      )}
    </>
  );
}
