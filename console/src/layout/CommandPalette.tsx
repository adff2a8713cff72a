import { Button, Kbd } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { Spotlight, type SpotlightActionGroupData, spotlight } from '@mantine/spotlight';
import { useNavigate } from '@tanstack/react-router';
import { type ReactElement, useState } from 'react';
import { usePrincipal } from '../auth/principal';
import { visibleSections } from './navigation';
import { type PaletteRecord, usePaletteRecords } from './palette-records';

/** Ctrl+K on most keyboards, ⌘K on a Mac's. */
const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

/** The header's way into the palette, for a mouse or a touch. */
export function PaletteButton(): ReactElement {
  return (
    <Button
      variant="default"
      size="compact-sm"
      onClick={spotlight.open}
      visibleFrom="xs"
      rightSection={<Kbd size="xs">{MOD} K</Kbd>}
    >
      Go to…
    </Button>
  );
}

function useOpen() {
  const navigate = useNavigate();
  return (record: PaletteRecord) => {
    if (record.kind === 'product') void navigate({ to: '/products/$productId', params: { productId: record.id } });
    else if (record.kind === 'customer')
      void navigate({ to: '/customers/$customerId', params: { customerId: record.id } });
    else void navigate({ to: '/price-functions/$priceFunctionId', params: { priceFunctionId: record.id } });
  };
}

/**
 * Ctrl/⌘+K: go to any screen the principal may open, or to a product, customer or price function by its name
 * (Mantine's Spotlight: a dialog with a search box and a list of actions, arrow keys and Enter to pick).
 */
export function CommandPalette(): ReactElement {
  const principal = usePrincipal();
  const navigate = useNavigate();
  const open = useOpen();
  const [query, setQuery] = useState('');
  const [typed] = useDebouncedValue(query.trim(), 200);
  const records = usePaletteRecords(typed);
  // In a text field too: the palette is how a person leaves a screen without reaching for the mouse.
  useHotkeys([['mod+K', () => spotlight.open()]], []);
  const matches = (label: string) => label.toLocaleLowerCase().includes(query.trim().toLocaleLowerCase());
  const groups: SpotlightActionGroupData[] = [
    {
      group: 'Screens',
      actions: visibleSections(principal)
        .filter((section) => matches(section.label))
        .map((section) => ({
          id: `screen:${section.to}`,
          label: section.label,
          description: section.group,
          onClick: () => void navigate({ to: section.to }),
        })),
    },
    {
      group: 'Records',
      actions: records.map((record) => ({
        id: `${record.kind}:${record.id}`,
        label: record.label,
        description: record.description,
        onClick: () => open(record),
      })),
    },
  ];
  return (
    <Spotlight
      actions={groups.filter((group) => group.actions.length > 0)}
      // The screens are matched above and the records by the API: the palette shows what it is given.
      filter={(_query, actions) => actions}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      nothingFound={typed.length >= 2 ? 'No screen or record by that name' : 'No screen by that name'}
      scrollable
      maxHeight={420}
      searchProps={{
        'aria-label': 'Screen or record to go to',
        placeholder: 'Go to a screen, or find a product, customer or price function by name',
      }}
    />
  );
}
