import { Anchor } from '@mantine/core';
import type { ReactElement } from 'react';
import type { Listed } from '../../api/client';
import type { Column } from '../../ui/DataTable';
import { shortDate } from '../../ui/DateTimeInput';
import { ListButtonLink } from '../../ui/list-page/ListButtonLink';
import { ListingPage } from '../../ui/list-page/ListingPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { recordLink, rowLink } from '../../ui/list-page/row-link';

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

/** The company parameters the terms templates use, one record per version, filtered by corporate URL. */
export function CompanyTermsPage(): ReactElement {
  return (
    <ListingPage
      title="Company terms"
      listing="/company-terms"
      columns={columns}
      filters={FILTERS}
      rowName={(row) => row.corporateUrl ?? row.id}
      link={rowLink('/company-terms/$companyTermsId')}
      nameHeader={{ header: 'Corporate site', sortField: 'corporateUrl' }}
      actions={<ListButtonLink to="/terms">Terms templates</ListButtonLink>}
      noun="version of the company terms"
      create={{
        scope: 'terms:write',
        label: 'New company terms',
        verb: 'Add',
        to: recordLink('/company-terms/$companyTermsId', 'new'),
      }}
    />
  );
}
