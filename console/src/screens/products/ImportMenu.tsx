import { Button, Menu } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { ReactElement } from 'react';

/** Import many products from a file (the wizard), or one product's JSON (with a dry run of its own). */
export function ImportMenu({ onFile, onOne }: { onFile: () => void; onOne: () => void }): ReactElement {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />}>
          Import
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onFile}>Products from a file (CSV or NDJSON)</Menu.Item>
        <Menu.Item onClick={onOne}>One product (JSON)</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
