import { Anchor } from '@mantine/core';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import { useCan } from '../../auth/principal';
import type { Column } from '../../ui/DataTable';
import { AnchorLink } from '../../ui/links';
import { ListPage } from '../../ui/list-page/ListPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { filterValue, type ListSearch, pageQuery } from '../../ui/list-search';
import { RouteButtonLink } from '../../ui/RouteButtonLink';
import { shortDate } from './terms-dates';

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
      empty={{
        filtered: 'No company terms for this corporate URL (it must match exactly).',
        none: can('terms:write') ? 'No company terms yet: add them with "New company terms".' : 'No company terms yet.',
      }}
    />
  );
}
