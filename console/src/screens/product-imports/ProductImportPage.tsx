import { Alert, Badge, Card, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { type ReactElement, useEffect } from 'react';
import { useCan } from '../../auth/principal';
import { CustomerName } from '../../ui/customer-names';
import { MutationButton } from '../../ui/MutationButton';
import { NotLoaded } from '../../ui/NotLoaded';
import { RecordFields } from '../../ui/RecordFields';
import { RecordPage } from '../../ui/RecordPage';
import { ErrorReportButton } from './ErrorReportButton';
import { ImportCounts } from './ImportCounts';
import { ImportErrorsTable } from './ImportErrorsTable';
import { importName, MODE_LABELS, when } from './import-labels';
import { type ProductImport, useCancelImport, useProductImport } from './import-queries';
import { isOngoing, mayCancel, STATUS_COLORS } from './import-status';

const route = getRouteApi('/app/products/imports/$importId');

function ImportFacts({ record }: { record: ProductImport }) {
  return (
    <RecordFields
      labelWidth="30%"
      fields={[
        { label: 'File', value: record.format.toUpperCase() },
        { label: 'Mode', value: MODE_LABELS[record.mode] },
        {
          label: 'Catalogue',
          value: record.customerId ? <CustomerName customerId={record.customerId} /> : 'the operator’s',
        },
        { label: 'Dry run', value: record.dryRun ? 'yes: nothing is stored' : 'no' },
        { label: 'Sent', value: when(record.createDate) },
        { label: 'Started', value: when(record.startedAt) },
        { label: 'Ended', value: when(record.finishedAt) },
      ]}
    />
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

  if (!imported.data || imported.error) return <NotLoaded error={imported.error} label="Loading the import" />;
  const record = imported.data;
  return (
    <RecordPage
      back="/products/imports"
      backLabel="Imports"
      title={importName(record)}
      beside={
        <Badge variant="dot" color={STATUS_COLORS[record.status]} size="lg">
          {record.status}
        </Badge>
      }
      actions={
        <>
          {record.failed > 0 && <ErrorReportButton importId={record.id} failed={record.failed} />}
          {can('catalog:write') && mayCancel(record.status) && (
            <MutationButton mutation={cancel} color="red" variant="light">
              Cancel the import
            </MutationButton>
          )}
        </>
      }
    >
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
    </RecordPage>
  );
}
