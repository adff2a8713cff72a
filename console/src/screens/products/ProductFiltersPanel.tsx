import { Button, Collapse, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import type { ReactElement } from 'react';
import type { ListSearch } from '../../ui/list-search';
import {
  BOOLEAN_FILTERS,
  CHOICE_FILTERS,
  FILTER_LABELS,
  isListFilter,
  LIST_FILTERS,
  SEARCH_PARAMETER,
  TEXT_FILTERS,
} from './product-filters';

type Set = (changes: Record<string, string | undefined>) => void;

/** The filters most lists need, shown always; the others open under "More filters". */
const FIRST = new Set<string>(['lifeTime', 'productFamily', 'sellingStores']);

function TextFilter({ name, search, set }: { name: string; search: ListSearch; set: Set }): ReactElement {
  const debounced = useDebouncedCallback((value: string) => set({ [name]: value.trim() || undefined }), 300);
  return (
    <TextInput
      label={FILTER_LABELS[name] ?? name}
      placeholder={isListFilter(name) ? 'any of: a, b, …' : undefined}
      defaultValue={String(search[name] ?? '')}
      onChange={(event) => debounced(event.currentTarget.value)}
    />
  );
}

/** Every filter of `GET /products`, in the URL: choices as selects, texts and comma lists as inputs. */
export function ProductFiltersPanel({ search, set }: { search: ListSearch; set: Set }): ReactElement {
  const [more, { toggle }] = useDisclosure(
    TEXT_FILTERS.some((name) => !FIRST.has(name) && search[name] !== undefined) ||
      ['nextGenerationOf', 'blackListedCountries'].some((name) => search[name] !== undefined),
  );
  const setText = useDebouncedCallback((value: string) => set({ [SEARCH_PARAMETER]: value.trim() || undefined }), 300);
  const texts = [...TEXT_FILTERS, ...LIST_FILTERS];
  const active = [...texts, ...Object.keys(CHOICE_FILTERS), ...BOOLEAN_FILTERS, SEARCH_PARAMETER].filter(
    (name) => search[name] !== undefined,
  );
  const field = (name: string) => (
    <TextFilter key={`${name}:${String(search[name] ?? '')}`} name={name} search={search} set={set} />
  );

  return (
    <>
      <TextInput
        label="Search"
        description='Words of the marketing names and descriptions, "a phrase", -excluded, or'
        defaultValue={String(search[SEARCH_PARAMETER] ?? '')}
        onChange={(event) => setText(event.currentTarget.value)}
        type="search"
        key={`q:${String(search[SEARCH_PARAMETER] ?? '')}`}
      />
      <SimpleGrid cols={{ base: 2, md: 4, lg: 7 }} spacing="sm">
        {(Object.entries(CHOICE_FILTERS) as [string, readonly string[]][]).map(([name, values]) => (
          <Select
            key={name}
            label={FILTER_LABELS[name]}
            clearable
            data={[...values]}
            value={(search[name] as string | undefined) ?? null}
            onChange={(value) => set({ [name]: value ?? undefined })}
          />
        ))}
        <Select
          label={FILTER_LABELS.physical}
          clearable
          data={[
            { value: 'true', label: 'Physical' },
            { value: 'false', label: 'Digital' },
          ]}
          value={(search.physical as string | undefined) ?? null}
          onChange={(value) => set({ physical: value ?? undefined })}
        />
        {texts.filter((name) => FIRST.has(name)).map(field)}
      </SimpleGrid>
      <Group gap="xs">
        <Button variant="subtle" size="compact-sm" onClick={toggle} aria-expanded={more}>
          {more ? 'Fewer filters' : 'More filters'}
        </Button>
        {active.length > 0 && (
          <Button
            variant="subtle"
            size="compact-sm"
            color="gray"
            onClick={() => set(Object.fromEntries(active.map((name) => [name, undefined])))}
          >
            Clear {active.length} filter{active.length > 1 ? 's' : ''}
          </Button>
        )}
      </Group>
      <Collapse expanded={more}>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          {texts.filter((name) => !FIRST.has(name)).map(field)}
        </SimpleGrid>
      </Collapse>
    </>
  );
}
