import { Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import type { ProductImport } from './import-queries';

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text size="lg" fw={600} aria-label={`${label}: ${value}`}>
        {value}
      </Text>
    </div>
  );
}

/** The rows done out of the file's, as a bar, and what became of them (a dry run says what would have). */
export function ImportCounts({ record }: { record: ProductImport }): ReactElement {
  const done = record.rows === 0 ? 100 : Math.round((record.processed / record.rows) * 100);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm">
          {record.processed} of {record.rows} rows done
        </Text>
        <Text size="sm" c="dimmed">
          {done} %
        </Text>
      </Group>
      <Progress
        value={done}
        color={record.failed > 0 ? 'orange' : 'blue'}
        aria-label={`${record.processed} of ${record.rows} rows done`}
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Count label={record.dryRun ? 'Would be created' : 'Created'} value={record.created} />
        <Count label={record.dryRun ? 'Would be updated' : 'Updated'} value={record.updated} />
        <Count label="Unchanged" value={record.unchanged} />
        <Count label="Refused" value={record.failed} />
      </SimpleGrid>
    </Stack>
  );
}
