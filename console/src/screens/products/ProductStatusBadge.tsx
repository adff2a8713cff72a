import { Badge } from '@mantine/core';
import type { ReactElement } from 'react';

/** ENABLED or DISABLED, in filled colours whose white text meets AA contrast (the light variants do not). */
export function ProductStatusBadge({ status }: { status: string | undefined }): ReactElement {
  return (
    <Badge variant="filled" miw="max-content" color={status === 'DISABLED' ? 'gray.7' : 'teal.9'}>
      {status ?? 'ENABLED'}
    </Badge>
  );
}
