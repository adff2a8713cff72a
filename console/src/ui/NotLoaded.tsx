import { Alert, Skeleton } from '@mantine/core';
import type { ReactElement } from 'react';
import { plainWords } from '../api/api-error';

/**
 * A read that has not given its record (yet): a placeholder named for what loads, or, once it failed, why (a record
 * that does not exist or is not the person's to see says so here).
 */
export function NotLoaded({ error, label, h = 300 }: { error: unknown; label: string; h?: number }): ReactElement {
  return error ? (
    <Alert color="red" role="alert">
      {plainWords(error)}
    </Alert>
  ) : (
    <Skeleton h={h} aria-label={label} />
  );
}
