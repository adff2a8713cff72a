import { Badge, Group, MultiSelect, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { plainWords, unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import type { paths } from '../../api/openapi';
import { useCan } from '../../auth/principal';
import { type Column, DataTable } from '../../ui/DataTable';
import { AnchorLink } from '../../ui/links';
import type { ListSearch } from '../../ui/list-search';
import { RouteButtonLink } from '../../ui/RouteButtonLink';
import { FUNCTION_LABELS, FUNCTIONS, LEVELS, STATUSES, TYPES } from './rule-draft';

const route = getRouteApi('/app/recommendation-rules');
type Rule = Listed<'/recommendation-rules'>;
type Query = NonNullable<paths['/recommendation-rules']['get']['parameters']['query']>;

const day = (epoch: number | undefined) => (epoch === undefined ? '' : new Date(epoch).toLocaleDateString());

const columns: Column<Rule>[] = [
  {
    header: 'Name',
    sortField: 'name',
    cell: (row) => (
      <AnchorLink to="/recommendation-rules/$ruleId" params={{ ruleId: row.id }}>
        {row.name ?? row.id}
      </AnchorLink>
    ),
  },
  {
    header: 'Status',
    cell: (row) => (
      <Badge variant="dot" color={row.status === 'ENABLED' ? 'green' : 'gray'}>
        {row.status}
      </Badge>
    ),
  },
  { header: 'Type', cell: (row) => row.type },
  { header: 'Function', cell: (row) => (row.function === 'predefinedIdsRecoRule' ? 'Predefined' : 'By trigger') },
  { header: 'Levels', cell: (row) => row.levels?.join(', ') },
  { header: 'Stores', cell: (row) => row.eligibleStoreIds?.join(', ') },
  { header: 'Weight', sortField: 'weight', cell: (row) => row.weight ?? 0 },
  { header: 'Applies', sortField: 'startDate', cell: (row) => `${day(row.startDate)} – ${day(row.endDate)}` },
];

/** The list's filters as the API's query: the array filters (levels, stores) as lists. */
function queryOf(search: ListSearch): Query {
  const text = (name: string) => (typeof search[name] === 'string' ? (search[name] as string) : undefined);
  const list = (name: string) => text(name)?.split(',').filter(Boolean);
  return {
    page: search.page,
    size: search.size,
    ...(search.sort ? { sort: [search.sort] } : {}),
    name: text('name'),
    status: text('status'),
    type: text('type'),
    function: text('function'),
    levels: list('levels'),
    eligibleStoreIds: list('eligibleStoreIds'),
  };
}

/** Recommendation rules: filtered by name, status, type, function, level and store, all kept in the URL. */
export function RecommendationRulesPage(): ReactElement {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const can = useCan();
  const set = (changes: Record<string, string | number | undefined>) =>
    navigate({ search: (previous) => ({ ...previous, page: 0, ...changes }) });
  const setText = useDebouncedCallback((name: string, value: string) => set({ [name]: value || undefined }), 300);
  const list = useQuery({
    queryKey: ['recommendation-rules', 'list', search],
    queryFn: async () => unwrap(await api.GET('/recommendation-rules', { params: { query: queryOf(search) } })),
    placeholderData: keepPreviousData,
  });
  const filtered = ['name', 'status', 'type', 'function', 'levels', 'eligibleStoreIds'].some(
    (name) => search[name] !== undefined,
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Recommendation rules</Title>
        <Group>
          <RouteButtonLink to="/recommendations/try" variant="default">
            Try a cart
          </RouteButtonLink>
          {can('recommendations:write') && (
            <RouteButtonLink to="/recommendation-rules/$ruleId" params={{ ruleId: 'new' }}>
              New rule
            </RouteButtonLink>
          )}
        </Group>
      </Group>
      <Group align="end" wrap="wrap">
        <TextInput
          label="Name"
          defaultValue={String(search.name ?? '')}
          onChange={(event) => setText('name', event.currentTarget.value)}
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          label="Status"
          clearable
          data={[...STATUSES]}
          value={(search.status as string) ?? null}
          onChange={(value) => set({ status: value ?? undefined })}
          w={{ base: '100%', xs: 140 }}
        />
        <Select
          label="Type"
          clearable
          data={[...TYPES]}
          value={(search.type as string) ?? null}
          onChange={(value) => set({ type: value ?? undefined })}
          w={{ base: '100%', xs: 150 }}
        />
        <Select
          label="Function"
          clearable
          data={FUNCTIONS.map((value) => ({ value, label: FUNCTION_LABELS[value].split(':')[0] ?? value }))}
          value={(search.function as string) ?? null}
          onChange={(value) => set({ function: value ?? undefined })}
          w={{ base: '100%', xs: 150 }}
        />
        <MultiSelect
          label="Levels"
          clearable
          data={[...LEVELS]}
          value={String(search.levels ?? '')
            .split(',')
            .filter(Boolean)}
          onChange={(values) => set({ levels: values.join(',') || undefined })}
          w={{ base: '100%', xs: 220 }}
        />
        <TextInput
          label="Store"
          defaultValue={String(search.eligibleStoreIds ?? '')}
          onChange={(event) => setText('eligibleStoreIds', event.currentTarget.value.trim())}
          w={{ base: '100%', xs: 140 }}
        />
      </Group>
      {list.error ? (
        <Text c="red.8" role="alert">
          {plainWords(list.error)}
        </Text>
      ) : (
        <DataTable
          caption="Recommendation rules"
          columns={columns}
          page={list.data}
          loading={list.isFetching}
          rowKey={(row) => row.id}
          sort={search.sort}
          onSort={(sort) => set({ sort })}
          onPage={(page) => navigate({ search: (previous) => ({ ...previous, page }) })}
          onSize={(size) => set({ size })}
          empty={
            <Text>
              {filtered
                ? 'No rule matches these filters: clear one to see more.'
                : can('recommendations:write')
                  ? 'No rule yet: create one with "New rule".'
                  : 'No rule yet.'}
            </Text>
          }
        />
      )}
    </Stack>
  );
}
