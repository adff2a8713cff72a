import { Progress, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';

/** How much of a file has been sent, in words and as a bar. */
export function UploadProgress({ fraction, label }: { fraction: number; label: string }): ReactElement {
  const percent = Math.round(fraction * 100);
  return (
    <Stack gap={4}>
      <Text size="sm" aria-live="polite">
        {label}: {percent} % sent
      </Text>
      <Progress value={percent} animated aria-label={`${label}: ${percent} % sent`} />
    </Stack>
  );
}
