import { Anchor, FileInput, Radio, Stack } from '@mantine/core';
import type { ReactElement } from 'react';
import templateUrl from '../../../../docs/templates/product-import.csv?url';
import { OwnerCustomerSelect } from '../../ui/OwnerCustomerSelect';
import { formatOf, type ImportMode } from './import-file';

export interface ImportChoice {
  file: File | null;
  mode: ImportMode;
  customerId: string | undefined;
}

/** Step 1: the file, what to do with products already in the catalogue, and (operator) whose catalogue. */
export function ImportFileStep({
  choice,
  onChange,
}: {
  choice: ImportChoice;
  onChange: (changes: Partial<ImportChoice>) => void;
}): ReactElement {
  const unreadable = choice.file && !formatOf(choice.file);
  return (
    <Stack>
      <FileInput
        label="File (CSV or NDJSON)"
        description={
          <>
            A header row then a product a row, or a product's JSON a line.{' '}
            <Anchor href={templateUrl} download="product-import.csv" size="xs" underline="always">
              Download the CSV template
            </Anchor>
          </>
        }
        placeholder="Choose a file"
        accept=".csv,.ndjson,.jsonl,text/csv,application/x-ndjson"
        value={choice.file}
        onChange={(file) => onChange({ file })}
        error={unreadable ? 'Choose a .csv, .ndjson or .jsonl file' : undefined}
        clearable
        clearButtonProps={{ 'aria-label': 'Remove the file' }}
        required
      />
      <Radio.Group
        label="Products already in the catalogue"
        description="Matched by their publisher reference"
        value={choice.mode}
        onChange={(mode) => onChange({ mode: mode === 'upsert' ? 'upsert' : 'create' })}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="create" label="Keep them: refuse their rows (create new products only)" />
          <Radio value="upsert" label="Update them from the file (create the others)" />
        </Stack>
      </Radio.Group>
      <OwnerCustomerSelect
        label="Import into the catalogue of"
        value={choice.customerId}
        onChange={(customerId) => onChange({ customerId })}
      />
    </Stack>
  );
}
