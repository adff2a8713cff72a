import { Button, Group, Popover, Select, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { memo, type ReactElement, useState } from 'react';
import type { ListSearch } from '../list-search';
import { useSavedViews } from './saved-views';

/** Pick a saved view of the list, save the list's state as one, or delete the one shown. */
export const SavedViews = memo(function SavedViews({
  list,
  search,
  replace,
}: {
  list: string;
  search: ListSearch;
  replace: (next: ListSearch) => void;
}): ReactElement {
  const { views, current, save, remove } = useSavedViews(list);
  const shown = current(search);
  const [naming, { toggle: toggleNaming, close: closeNaming }] = useDisclosure();
  const [name, setName] = useState('');
  const saveAs = () => {
    if (!name.trim()) return;
    save(name.trim(), search);
    setName('');
    closeNaming();
  };
  return (
    <Group gap="xs" align="end">
      <Select
        label="Saved view"
        placeholder={views.length ? 'Pick a view' : 'No saved view yet'}
        data={views.map((view) => view.name)}
        value={shown?.name ?? null}
        disabled={views.length === 0}
        allowDeselect={false}
        onChange={(picked) => {
          const view = views.find((candidate) => candidate.name === picked);
          if (view) replace({ ...view.search, page: 0 } as ListSearch);
        }}
        w={{ base: '100%', xs: 220 }}
      />
      <Popover opened={naming} onChange={toggleNaming} trapFocus position="bottom-start" withArrow>
        <Popover.Target>
          <Button variant="default" onClick={toggleNaming}>
            Save view
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <TextInput
              label="View name"
              description="Keeps the filters, the sort, the page size and the columns shown"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              onKeyDown={(event) => event.key === 'Enter' && saveAs()}
            />
            <Button onClick={saveAs} disabled={!name.trim()}>
              Save
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {shown && (
        <Button variant="subtle" color="red" onClick={() => remove(shown.name)}>
          Delete view “{shown.name}”
        </Button>
      )}
    </Group>
  );
});
