import { Alert, Badge, Code, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { plainWords } from '../../api/api-error';
import { scrollRegion } from '../../ui/scroll-region';
import { type FilePreview, PREVIEW_ROWS, previewFile } from './file-preview';
import { isKnownColumn, useProductSchema } from './import-columns';
import type { ImportFormat } from './import-file';

function PreviewTable({ preview, unknown }: { preview: FilePreview; unknown: ReadonlySet<string> }) {
  return (
    <Table.ScrollContainer
      minWidth={Math.min(1200, 160 * preview.columns.length)}
      scrollAreaProps={scrollRegion('The first rows of the file')}
    >
      <Table striped withTableBorder withColumnBorders captionSide="top">
        <Table.Caption>The first {PREVIEW_ROWS} rows of the file</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            {preview.columns.map((column) => (
              <Table.Th key={column}>
                <Code>{column}</Code>
                {unknown.has(column) && (
                  <Badge color="orange" variant="light" size="xs" ml={4}>
                    not imported
                  </Badge>
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.rows.map((row, index) => (
            <Table.Tr key={index}>
              <Table.Td>{index + 1}</Table.Td>
              {row.problem ? (
                <Table.Td colSpan={preview.columns.length}>
                  <Text c="red.8" size="sm">
                    {row.problem}
                  </Text>
                </Table.Td>
              ) : (
                preview.columns.map((column, at) => (
                  <Table.Td key={column} style={{ wordBreak: 'break-word' }}>
                    {row.cells[at] ?? ''}
                  </Table.Td>
                ))
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Step 2: the file's first rows under its columns, read in the browser, and the columns the import does not know
 * (their cells are dropped from every row): a misspelt header shows here, before anything is sent.
 */
export function ColumnPreview({ file, format }: { file: File; format: ImportFormat }): ReactElement {
  const preview = useQuery({
    queryKey: ['import-preview', file.name, file.size, file.lastModified, format],
    queryFn: () => previewFile(file, format),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const schema = useProductSchema(true);
  const failure = preview.error ?? schema.error;
  if (failure)
    return (
      <Text c="red.8" role="alert">
        {plainWords(failure)}
      </Text>
    );
  if (!preview.data || !schema.data) return <Skeleton h={160} aria-label="Reading the file" />;
  const { columns, paths } = preview.data;
  const productSchema = schema.data;
  const unknown = new Set(columns.filter((column, at) => !isKnownColumn(productSchema, paths[at] ?? [column])));
  return (
    <Stack>
      {columns.length === 0 ? (
        <Alert color="red" role="alert" title="The file holds no column">
          A CSV file starts with its header row; an NDJSON file holds a product's JSON a line.
        </Alert>
      ) : unknown.size > 0 ? (
        <Alert color="orange" title="Columns the import does not know" role="status">
          {[...unknown].join(', ')}: their cells are dropped from every row. Check their names against the template.
        </Alert>
      ) : (
        <Text size="sm">Every column is a field the import reads.</Text>
      )}
      {preview.data.rows.length === 0 && <Text size="sm">The file holds no row after its header.</Text>}
      {columns.length > 0 && <PreviewTable preview={preview.data} unknown={unknown} />}
    </Stack>
  );
}
