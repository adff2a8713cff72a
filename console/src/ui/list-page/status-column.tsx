import { Badge } from '@mantine/core';
import type { Column } from '../DataTable';

/**
 * A list's Status column for a kind that is either on or not (a rule, a receiver): the status as a badge, green when
 * it is `on`, grey otherwise; a row without one reads as `absent` (the API's default).
 */
export function statusColumn<Row extends { status?: string }>(
  on: string,
  { variant = 'dot', absent }: { variant?: 'dot' | 'light'; absent?: string } = {},
): Column<Row> {
  return {
    header: 'Status',
    cell: (row) => (
      <Badge variant={variant} color={(row.status ?? absent) === on ? 'green' : 'gray'}>
        {row.status ?? absent}
      </Badge>
    ),
  };
}
