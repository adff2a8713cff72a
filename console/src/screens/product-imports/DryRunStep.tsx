import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { plainWords } from '../../api/api-error';
import { ImportCounts } from './ImportCounts';
import { ImportErrorsTable } from './ImportErrorsTable';
import { useProductImport } from './import-queries';
import { isOngoing } from './import-status';
import { UploadProgress } from './UploadProgress';
import type { ImportUpload } from './use-import-upload';

/**
 * Step 3: the file sent with `dryRun=true` (every row checked, nothing stored), followed until the job has checked
 * every row; then what the import would do and each row it would refuse.
 */
export function DryRunStep({ upload }: { upload: ImportUpload }): ReactElement {
  const checked = useProductImport(upload.record?.id);
  if (upload.error)
    return (
      <Alert color="red" role="alert" title="The file was not accepted">
        {plainWords(upload.error)}
      </Alert>
    );
  if (upload.sending || !upload.record) return <UploadProgress fraction={upload.fraction} label="Dry run" />;
  if (checked.error)
    return (
      <Text c="red.8" role="alert">
        {plainWords(checked.error)}
      </Text>
    );
  const record = checked.data ?? upload.record;
  const ongoing = isOngoing(record.status);
  return (
    <Stack>
      {ongoing ? (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">Checking the rows (nothing is stored)…</Text>
        </Group>
      ) : (
        <Alert
          role="status"
          color={record.status === 'SUCCEEDED' ? (record.failed > 0 ? 'orange' : 'green') : 'red'}
          title={
            record.status === 'SUCCEEDED'
              ? `Dry run done: ${record.failed === 0 ? 'every row can be imported' : `${record.failed} of ${record.rows} rows would be refused`}`
              : `Dry run ${record.status.toLowerCase()}`
          }
        >
          {record.failure ?? 'Nothing was stored. Run the import to store the rows the dry run accepted.'}
        </Alert>
      )}
      <ImportCounts record={record} />
      {!ongoing && <ImportErrorsTable importId={record.id} failed={record.failed} />}
    </Stack>
  );
}
