import { Button, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { plainWords } from '../../api/api-error';
import { downloadErrorReport } from './error-report';

/** Saves every refused row of the import as a CSV file (line, field, message), read a page at a time. */
export function ErrorReportButton({ importId, failed }: { importId: string; failed: number }): ReactElement {
  const report = useMutation({ mutationFn: () => downloadErrorReport(importId) });
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => report.mutate()}
        loading={report.isPending}
      >
        Download the error report ({failed} {failed === 1 ? 'row' : 'rows'})
      </Button>
      {report.error && (
        <Text c="red.8" size="sm" role="alert">
          {plainWords(report.error)}
        </Text>
      )}
    </>
  );
}
