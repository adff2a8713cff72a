import { Button, Group, Popover, Stack } from '@mantine/core';
import { type ReactElement, type ReactNode, useState } from 'react';
import type { BulkRun } from '../../ui/list-page/bulk-run';
import { RecordSelect } from '../../ui/record-picker/RecordSelect';
import { useRecordNames } from '../../ui/record-picker/record-options';
import { PRICE_FUNCTIONS } from '../../ui/record-picker/record-sources';
import { StoreSelect } from '../../ui/store-pickers';
import {
  type ProductChange,
  saveChanged,
  withoutPriceFunction,
  withoutStore,
  withPriceFunction,
  withStatus,
  withStore,
} from './product-bulk';
import type { ListedProduct } from './product-queries';

type Apply = (label: string, change: ProductChange) => void;

const STATUS_ACTIONS = [
  ['Enable', 'ENABLED'],
  ['Disable', 'DISABLED'],
] as const;

/** A button opening a small form; the form's own buttons apply its choice. */
function BulkPopover({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Popover position="bottom-start" withArrow trapFocus>
      <Popover.Target>
        <Button variant="default" size="compact-sm">
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={260}>
          {children}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function StoreForm({ apply, busy }: { apply: Apply; busy: boolean }) {
  const [store, setStore] = useState('');
  const picked = store.trim();
  return (
    <BulkPopover label="Selling stores…">
      <StoreSelect label="Store" value={store} onChange={setStore} comboboxProps={{ withinPortal: false }} />
      <Group gap="xs">
        <Button
          size="compact-sm"
          disabled={!picked || busy}
          onClick={() => apply(`Add store ${picked}`, withStore(picked))}
        >
          Add to the selected
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          disabled={!picked || busy}
          onClick={() => apply(`Remove store ${picked}`, withoutStore(picked))}
        >
          Remove from the selected
        </Button>
      </Group>
    </BulkPopover>
  );
}

function PriceFunctionForm({ apply, busy }: { apply: Apply; busy: boolean }) {
  const [picked, setPicked] = useState<string>();
  const name = useRecordNames(PRICE_FUNCTIONS, picked ? [picked] : []).get(picked ?? '');
  return (
    <BulkPopover label="Price function…">
      <RecordSelect
        source={PRICE_FUNCTIONS}
        label="Price function"
        value={picked}
        onChange={setPicked}
        comboboxProps={{ withinPortal: false }}
      />
      <Group gap="xs">
        <Button
          size="compact-sm"
          disabled={!picked || busy}
          onClick={() => picked && apply(`Set price function ${name ?? picked}`, withPriceFunction(picked))}
        >
          Set on the selected
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          disabled={busy}
          onClick={() => apply('Clear price function', withoutPriceFunction)}
        >
          Clear on the selected
        </Button>
      </Group>
    </BulkPopover>
  );
}

/**
 * What the products list does to the rows picked: enable, disable, add or remove a selling store, set or clear the
 * price function; one save per product (the API has no bulk update of these fields). Products cannot be deleted
 * through the API, so there is no delete.
 */
export function ProductBulkActions({
  rows,
  bulk,
}: {
  rows: ListedProduct[];
  bulk: BulkRun<ListedProduct>;
}): ReactElement {
  const apply: Apply = (label, change) => void bulk.run(label, rows, (product) => saveChanged(product, change));
  return (
    <>
      {STATUS_ACTIONS.map(([label, status]) => (
        <Button
          key={label}
          size="compact-sm"
          variant="default"
          disabled={bulk.busy}
          onClick={() => apply(label, withStatus(status))}
        >
          {label}
        </Button>
      ))}
      <StoreForm apply={apply} busy={bulk.busy} />
      <PriceFunctionForm apply={apply} busy={bulk.busy} />
    </>
  );
}
