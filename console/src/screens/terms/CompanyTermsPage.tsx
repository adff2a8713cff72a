import { Anchor, Group, Stack, Text, TextInput, Title } from '@mantine/core';
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

const route = getRouteApi('/app/company-terms');
type CompanyTerms = Listed<'/company-terms'>;

const columns: Column<CompanyTerms>[] = [
  {
    header: 'Corporate site',
    sortField: 'corporateUrl',
    cell: (row) => (
      <AnchorLink to="/company-terms/$companyTermsId" params={{ companyTermsId: row.id }}>
        {row.corporateUrl ?? row.id}
      </AnchorLink>
    ),
  },
  { header: 'Cancellation period', cell: (row) => row.cancelPeriod ?? '' },
  { header: 'Share capital', cell: (row) => row.providerSasCapital ?? '' },
  {
    header: 'Contact form',
    cell: (row) =>
      row.contactForm ? (
        <Anchor href={row.contactForm} target="_blank" rel="noopener noreferrer" size="sm">
          {row.contactForm}
        </Anchor>
      ) : (
        ''
      ),
  },
  { header: 'Starts', sortField: 'startDate', cell: (row) => shortDate(row.startDate) },
];

/** The company parameters the terms templates use, one record per version, filtered by corporate URL. */
export function CompanyTermsPage(): ReactElement {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const can = useCan();
  const set = (changes: Record<string, string | number | undefined>) =>
    navigate({ search: (previous) => ({ ...previous, page: 0, ...changes }) });
  const setUrl = useDebouncedCallback((url: string) => set({ corporateUrl: url || undefined }), 300);
  const corporateUrl = typeof search.corporateUrl === 'string' ? search.corporateUrl : undefined;
  const list = useQuery({
    queryKey: ['company-terms', 'list', search],
    queryFn: async () =>
      unwrap(
        await api.GET('/company-terms', {
          params: {
            query: {
              page: search.page,
              size: search.size,
              ...(search.sort ? { sort: [search.sort] } : {}),
              corporateUrl,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Company terms</Title>
        <Group>
          <RouteButtonLink to="/terms" search={{ page: 0, size: 20 }} variant="default">
            Terms templates
          </RouteButtonLink>
          {can('terms:write') && (
            <RouteButtonLink to="/company-terms/$companyTermsId" params={{ companyTermsId: 'new' }}>
              New company terms
            </RouteButtonLink>
          )}
        </Group>
      </Group>
      <Group align="end">
        <TextInput
          label="Corporate URL"
          placeholder="https://example.org"
          defaultValue={corporateUrl ?? ''}
          onChange={(event) => setUrl(event.currentTarget.value.trim())}
          w={{ base: '100%', xs: 300 }}
        />
      </Group>
      {list.error ? (
        <Text c="red.8" role="alert">
          {plainWords(list.error)}
        </Text>
      ) : (
        <DataTable
          caption="Company terms"
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
              {corporateUrl
                ? 'No company terms for this corporate URL (it must match exactly).'
                : can('terms:write')
                  ? 'No company terms yet: add them with "New company terms".'
                  : 'No company terms yet.'}
            </Text>
          }
        />
      )}
    </Stack>
  );
}
