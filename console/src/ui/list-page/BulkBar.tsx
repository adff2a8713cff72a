import { Alert, Button, Group, List, Paper, Progress, Text } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import type { BulkOutcome, BulkProgress } from './bulk-run';

/** What a finished bulk action did: how many rows changed, and each row that did not, with the reason. */
export function BulkOutcomeAlert({ outcome, onClose }: { outcome: BulkOutcome; onClose: () => void }): ReactElement {
  const changed = outcome.total - outcome.failures.length;
  return (
    <Alert
      color={outcome.failures.length ? 'orange' : 'green'}
      title={`${outcome.label}: ${changed} of ${outcome.total} changed`}
      withCloseButton
      closeButtonLabel="Close the summary"
      onClose={onClose}
    >
      {outcome.failures.length > 0 && (
        <>
          <Text size="sm">Not changed:</Text>
          <List size="sm" aria-label="Rows not changed">
            {outcome.failures.map((failure) => (
              <List.Item key={failure.name}>
                {failure.name}: {failure.reason}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Alert>
  );
}

/** The bar over a list with rows picked: how many, the list's bulk actions, and the progress of one running. */
export function BulkBar({
  count,
  progress,
  onClear,
  children,
}: {
  count: number;
  progress: BulkProgress | undefined;
  onClear: () => void;
  children: ReactNode;
}): ReactElement {
  return (
    <Paper withBorder p="xs" role="region" aria-label="Bulk actions">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={700}>
          {count} selected
        </Text>
        {children}
        <Button variant="subtle" size="compact-sm" color="gray" onClick={onClear} disabled={progress !== undefined}>
          Clear selection
        </Button>
      </Group>
      {progress && (
        <>
          <Text size="sm" mt="xs" role="status">
            {progress.label}: {progress.done} of {progress.total}
          </Text>
          <Progress
            value={(100 * progress.done) / Math.max(progress.total, 1)}
            aria-label={`${progress.label} progress`}
          />
        </>
      )}
    </Paper>
  );
}
