import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { memo, type ReactElement } from 'react';

/** Which columns the list shows: the hidden ones are kept in the URL, and so in saved views. */
export const ColumnsPicker = memo(function ColumnsPicker({
  headers,
  hidden,
  onHidden,
}: {
  headers: string[];
  hidden: ReadonlySet<string>;
  onHidden: (hidden: string[]) => void;
}): ReactElement {
  return (
    <Popover position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button variant="default">Columns{hidden.size ? ` (${hidden.size} hidden)` : ''}</Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group
          label="Columns shown"
          value={headers.filter((header) => !hidden.has(header))}
          onChange={(shown) => onHidden(headers.filter((header) => !shown.includes(header)))}
        >
          <Stack gap={6} mt="xs">
            {headers.map((header) => (
              <Checkbox key={header} value={header} label={header} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Popover.Dropdown>
    </Popover>
  );
});
