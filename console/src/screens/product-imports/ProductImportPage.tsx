import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { type ReactElement, type ReactNode, useEffect } from 'react';
import { plainWords } from '../../api/api-error';
import { useCan } from '../../auth/principal';
import { CustomerName } from '../../ui/customer-names';
import { AnchorLink } from '../../ui/links';
import { ErrorReportButton } from './ErrorReportButton';
import { ImportCounts } from './ImportCounts';
import { ImportErrorsTable } from './ImportErrorsTable';
import { importName, MODE_LABELS, when } from './import-labels';
import { type ProductImport, useCancelImport, useProductImport } from './import-queries';
import { isOngoing, mayCancel, STATUS_COLORS } from './import-status';

const route = getRouteApi('/app/products/imports/$importId');

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children === undefined || children === '' ? '—' : children}
      </Text>
    </div>
  );
}

function ImportFacts({ record }: { record: ProductImport }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <Fact label="File">{record.format.toUpperCase()}</Fact>
      <Fact label="Mode">{MODE_LABELS[record.mode]}</Fact>
      <Fact label="Catalogue">
        {record.customerId ? <CustomerName customerId={record.customerId} /> : 'the operator’s'}
      </Fact>
      <Fact label="Dry run">{record.dryRun ? 'yes: nothing is stored' : 'no'}</Fact>
      <Fact label="Sent">{when(record.createDate)}</Fact>
      <Fact label="Started">{when(record.startedAt)}</Fact>
      <Fact label="Ended">{when(record.finishedAt)}</Fact>
    </SimpleGrid>
  );
}

/** The catalogue's list is read again once an import has stored its rows. */
function useProductsRefreshedWhenDone(record: ProductImport | undefined) {
  const queryClient = useQueryClient();
  const ended = record ? !isOngoing(record.status) : false;
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: ['products'] });
  }, [ended, queryClient]);
}

/**
 * One import, followed while the job works on it (read again every second): its progress and counts, Cancel while
 * it may be cancelled, and its refused rows, on the page and as a CSV report.
 */
export function ProductImportPage(): ReactElement {
  const { importId } = route.useParams();
  const can = useCan();
  const imported = useProductImport(importId);
  const cancel = useCancelImport(importId);
  useProductsRefreshedWhenDone(imported.data);

  if (imported.isPending) return <Skeleton h={300} aria-label="Loading the import" />;
  if (imported.error)
    return (
      <Alert color="red" role="alert">
        {plainWords(imported.error)}
      </Alert>
    );
  const record = imported.data;
  return (
    <Stack>
      <AnchorLink to="/products/imports" search={{ page: 0, size: 20 }}>
        ← Imports
      </AnchorLink>
      <Group justify="space-between" wrap="wrap">
        <Group>
          <Title order={1}>{importName(record)}</Title>
          <Badge variant="dot" color={STATUS_COLORS[record.status]} size="lg">
            {record.status}
          </Badge>
        </Group>
        <Group gap="xs">
          {record.failed > 0 && <ErrorReportButton importId={record.id} failed={record.failed} />}
          {can('catalog:write') && mayCancel(record.status) && (
            <Button color="red" variant="light" onClick={() => cancel.mutate()} loading={cancel.isPending}>
              Cancel the import
            </Button>
          )}
        </Group>
      </Group>
      {cancel.error && (
        <Text c="red.8" role="alert">
          {plainWords(cancel.error)}
        </Text>
      )}
      {record.failure && (
        <Alert color="red" title="The import stopped">
          {record.failure}
        </Alert>
      )}
      <Card withBorder>
        <Stack>
          <ImportFacts record={record} />
          <ImportCounts record={record} />
        </Stack>
      </Card>
      <ImportErrorsTable importId={record.id} failed={record.failed} />
    </Stack>
  );
}
