import { Code, Group, Pagination } from '@mantine/core';
import { type ReactElement, useState } from 'react';
import { CaptionedTable, type TableColumn, WRAP_ANYWHERE } from '../../ui/CaptionedTable';
import { NotLoaded } from '../../ui/NotLoaded';
import { type ImportError, useImportErrors } from './import-queries';

const PAGE_SIZE = 20;

const COLUMNS: TableColumn<ImportError>[] = [
  { header: 'Line', cell: (error) => error.line },
  { header: 'Field', cell: (error) => <Code>{error.field}</Code> },
  { header: 'Why', cell: (error) => error.message, style: WRAP_ANYWHERE },
];

/** The refused rows of an import, a page at a time: the file's line, the field and why. */
export function ImportErrorsTable({ importId, failed }: { importId: string; failed: number }): ReactElement | null {
  const [page, setPage] = useState(0);
  const errors = useImportErrors(importId, page, PAGE_SIZE, failed > 0);
  if (failed === 0) return null;
  if (!errors.data || errors.error) return <NotLoaded error={errors.error} label="Loading the refused rows" h={80} />;
  return (
    <>
      <CaptionedTable
        caption={`Refused rows (${errors.data.totalItems})`}
        columns={COLUMNS}
        rows={errors.data.items}
        rowKey={(error) => `${error.line}:${error.field}`}
        minWidth={420}
        striped
      />
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
