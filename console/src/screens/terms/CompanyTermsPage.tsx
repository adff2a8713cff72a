import { Anchor } from '@mantine/core';
import { linkOptions } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { useCan } from '../../auth/principal';
import type { Column } from '../../ui/DataTable';
import { shortDate } from '../../ui/DateTimeInput';
import { ListPage } from '../../ui/list-page/ListPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { filterValue, type ListSearch, pageQuery } from '../../ui/list-search';
import { RouteButtonLink } from '../../ui/RouteButtonLink';

type CompanyTerms = Listed<'/company-terms'>;

const columns: Column<CompanyTerms>[] = [
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
  { header: 'Created', sortField: 'createDate', cell: (row) => shortDate(row.createDate) },
];

const FILTERS: ListFilter[] = [
  { name: 'corporateUrl', label: 'Corporate URL', kind: 'text', placeholder: 'https://example.org' },
];

async function companyTermsPage(search: ListSearch) {
  const query = { ...pageQuery(search), corporateUrl: filterValue(search.corporateUrl) };
  return unwrap(await api.GET('/company-terms', { params: { query } }));
}

/** The company parameters the terms templates use, one record per version, filtered by corporate URL. */
export function CompanyTermsPage(): ReactElement {
  const can = useCan();
  return (
    <ListPage
      title="Company terms"
      listKey={['company-terms', 'list']}
      fetchPage={companyTermsPage}
      columns={columns}
      filters={FILTERS}
      rowName={(row) => row.corporateUrl ?? row.id}
      link={(row) => linkOptions({ to: '/company-terms/$companyTermsId', params: { companyTermsId: row.id } })}
      nameHeader={{ header: 'Corporate site', sortField: 'corporateUrl' }}
      actions={
        <>
          <RouteButtonLink to="/terms" search={{ page: 0, size: 20 }} variant="default">
            Terms templates
          </RouteButtonLink>
          {can('terms:write') && (
            <RouteButtonLink to="/company-terms/$companyTermsId" params={{ companyTermsId: 'new' }}>
              New company terms
            </RouteButtonLink>
          )}
        </>
      }
      noun="version of the company terms"
      emptyHint={can('terms:write') ? 'Add one with "New company terms".' : undefined}
    />
  );
}
