import { Button, Collapse, type ComboboxData, Group, MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import { memo, type ReactElement, useEffect, useState } from 'react';
import type { ListSearch } from '../list-search';
import type { SearchChanges } from './list-url';

interface FilterBase {
  /** The URL parameter, named as the API's filter. */
  name: string;
  label: string;
  /** Shown under "More filters" rather than always. */
  more?: boolean;
  /** The API takes several values (stores): the URL's comma list goes to it as a list. */
  list?: boolean;
}

/** A picker a list offers for one filter; a list of values is a comma list in the URL. */
export interface FilterFieldProps {
  label: string;
  value: string;
  onChange: (value: string | undefined) => void;
}

/**
 * A filter a list declares: typed text, a choice, several choices (a comma list in the URL), a day (`2026-03-01`), or
 * a picker of its own (a record by name, a country, a lifetime).
 */
export type ListFilter = FilterBase &
  (
    | { kind: 'text'; placeholder?: string; description?: string; type?: 'search' }
    | { kind: 'choice'; data: ComboboxData; searchable?: boolean }
    | { kind: 'multi'; data: string[] }
    | { kind: 'date'; description?: string }
    | { kind: 'field'; field: (props: FilterFieldProps) => ReactElement | null }
  );

const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));

/**
 * How long typing must pause before a typed filter asks again: short enough that results follow the typing (a word
 * search costs the database a fraction of a millisecond), long enough that a word typed at speed asks once.
 */
const TYPING_PAUSE_MS = 100;

/** A typed filter: the URL changes once the typing pauses; a change of the URL (a cleared filter, a view) shows here. */
function TextFilter({ filter, value, set }: { filter: ListFilter & { kind: 'text' }; value: string; set: SetSearch }) {
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped((current) => (current.trim() === value ? current : value)), [value]);
  const changed = useDebouncedCallback(
    (next: string) => set({ [filter.name]: next.trim() || undefined }),
    TYPING_PAUSE_MS,
  );
  return (
    <TextInput
      label={filter.label}
      description={filter.description}
      placeholder={filter.placeholder}
      type={filter.type}
      value={typed}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        changed(event.currentTarget.value);
      }}
    />
  );
}

type SetSearch = (changes: SearchChanges) => void;

/** One filter's input. Memoized on its own value: a change of another filter does not render this one again. */
const FilterField = memo(function FilterField({
  filter,
  value,
  set,
}: {
  filter: ListFilter;
  value: string;
  set: SetSearch;
}): ReactElement {
  if (filter.kind === 'text') return <TextFilter filter={filter} value={value} set={set} />;
  // The browser's own date picker: typed or picked, the URL keeps the day as ISO 8601 whatever the reader's locale.
  if (filter.kind === 'date')
    return (
      <TextInput
        type="date"
        label={filter.label}
        description={filter.description}
        value={value}
        onChange={(event) => set({ [filter.name]: event.currentTarget.value || undefined })}
      />
    );
  if (filter.kind === 'field') {
    const Field = filter.field;
    return <Field label={filter.label} value={value} onChange={(next) => set({ [filter.name]: next || undefined })} />;
  }
  if (filter.kind === 'choice')
    return (
      <Select
        label={filter.label}
        clearable
        searchable={filter.searchable}
        data={filter.data}
        value={value || null}
        onChange={(next) => set({ [filter.name]: next ?? undefined })}
      />
    );
  return (
    <MultiSelect
      label={filter.label}
      clearable
      data={filter.data}
      value={value.split(',').filter(Boolean)}
      onChange={(next) => set({ [filter.name]: next.join(',') || undefined })}
    />
  );
});

/** How many of the list's filters the URL sets. */
export const activeFilters = (filters: readonly ListFilter[], search: ListSearch) =>
  filters.filter((filter) => text(search[filter.name]) !== '');

/**
 * The filters a list declares: the first ones always shown, the others under "More filters", and a way to clear them.
 * Memoized: a list's page arriving does not render its filters again (their inputs are most of a list's render).
 */
export const ListFilters = memo(function ListFilters({
  filters,
  search,
  set,
}: {
  filters: readonly ListFilter[];
  search: ListSearch;
  set: SetSearch;
}): ReactElement {
  const searchBox = filters.filter((filter) => filter.kind === 'text' && filter.type === 'search');
  const first = filters.filter((filter) => !filter.more && !searchBox.includes(filter));
  const more = filters.filter((filter) => filter.more);
  const active = activeFilters(filters, search);
  const [opened, { toggle }] = useDisclosure(activeFilters(more, search).length > 0);
  const field = (filter: ListFilter) => (
    <FilterField key={filter.name} filter={filter} value={text(search[filter.name])} set={set} />
  );
  return (
    <>
      {searchBox.map(field)}
      {first.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4, lg: Math.max(4, Math.min(first.length, 7)) }} spacing="sm">
          {first.map(field)}
        </SimpleGrid>
      )}
      {(more.length > 0 || active.length > 0) && (
        <Group gap="xs">
          {more.length > 0 && (
            <Button variant="subtle" size="compact-sm" onClick={toggle} aria-expanded={opened}>
              {opened ? 'Fewer filters' : 'More filters'}
            </Button>
          )}
          {active.length > 0 && (
            <Button
              variant="subtle"
              size="compact-sm"
              color="gray"
              onClick={() => set(Object.fromEntries(active.map((filter) => [filter.name, undefined])))}
            >
              Clear {active.length} filter{active.length > 1 ? 's' : ''}
            </Button>
          )}
        </Group>
      )}
      {more.length > 0 && (
        <Collapse expanded={opened}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {more.map(field)}
          </SimpleGrid>
        </Collapse>
      )}
    </>
  );
});
