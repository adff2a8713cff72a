import { Badge, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { plainWords, unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { useCan } from '../../auth/principal';
import { type Column, DataTable } from '../../ui/DataTable';
import { AnchorLink } from '../../ui/links';
import { RouteButtonLink } from '../../ui/RouteButtonLink';
import { shortDate } from './terms-dates';
import { TERMS_MODELS, TERMS_STATUSES } from './terms-draft';

const route = getRouteApi('/app/terms');
type TermsItem = Listed<'/terms'>;

const STATUS_COLOURS: Record<string, string> = { RUNNING: 'green', DRAFT: 'blue', ARCHIVED: 'gray' };
const excerpt = (template: string | undefined) =>
  (template ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);

const columns: Column<TermsItem>[] = [
  {
    header: 'Template',
    cell: (row) => (
      <AnchorLink to="/terms/$termsId" params={{ termsId: row.id }}>
        {excerpt(row.template) || '(empty)'}
      </AnchorLink>
    ),
  },
  { header: 'Locale', sortField: 'locale', cell: (row) => row.locale ?? '' },
  { header: 'Model', cell: (row) => row.model },
  {
    header: 'Status',
    cell: (row) =>
      row.status ? (
        <Badge variant="dot" color={STATUS_COLOURS[row.status] ?? 'gray'}>
          {row.status}
        </Badge>
      ) : (
        ''
      ),
  },
  { header: 'Starts', sortField: 'startDate', cell: (row) => shortDate(row.startDate) },
  { header: 'Updated by', cell: (row) => row.lastUpdater ?? '' },
];

/** Terms templates, filtered by status, model and locale in the URL. */
export function TermsPage(): ReactElement {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const can = useCan();
  const set = (changes: Record<string, string | number | undefined>) =>
    navigate({ search: (previous) => ({ ...previous, page: 0, ...changes }) });
  const setLocale = useDebouncedCallback((locale: string) => set({ locale: locale || undefined }), 300);
  const text = (name: string) => (typeof search[name] === 'string' ? (search[name] as string) : undefined);
  const list = useQuery({
    queryKey: ['terms', 'list', search],
    queryFn: async () =>
      unwrap(
        await api.GET('/terms', {
          params: {
            query: {
              page: search.page,
              size: search.size,
              ...(search.sort ? { sort: [search.sort] } : {}),
              status: text('status'),
              model: text('model'),
              locale: text('locale'),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const filtered = ['status', 'model', 'locale'].some((name) => search[name] !== undefined);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Terms templates</Title>
        <Group>
          <RouteButtonLink to="/company-terms" search={{ page: 0, size: 20 }} variant="default">
            Company terms
          </RouteButtonLink>
          {can('terms:write') && (
            <RouteButtonLink to="/terms/$termsId" params={{ termsId: 'new' }}>
              New template
            </RouteButtonLink>
          )}
        </Group>
      </Group>
      <Group align="end" wrap="wrap">
        <Select
          label="Status"
          clearable
          data={[...TERMS_STATUSES]}
          value={text('status') ?? null}
          onChange={(value) => set({ status: value ?? undefined })}
          w={{ base: '100%', xs: 150 }}
        />
        <Select
          label="Model"
          clearable
          data={[...TERMS_MODELS]}
          value={text('model') ?? null}
          onChange={(value) => set({ model: value ?? undefined })}
          w={{ base: '100%', xs: 150 }}
        />
        <TextInput
          label="Locale"
          placeholder="fr_FR"
          defaultValue={text('locale') ?? ''}
          onChange={(event) => setLocale(event.currentTarget.value.trim())}
          w={{ base: '100%', xs: 150 }}
        />
      </Group>
      {list.error ? (
        <Text c="red.8" role="alert">
          {plainWords(list.error)}
        </Text>
      ) : (
        <DataTable
          caption="Terms templates"
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
                ? 'No template matches these filters: clear one to see more.'
                : can('terms:write')
                  ? 'No terms template yet: write one with "New template".'
                  : 'No terms template yet.'}
            </Text>
          }
        />
      )}
    </Stack>
  );
}
