import { Badge } from '@mantine/core';
import type { ReactElement } from 'react';
import type { Listed } from '../../api/client';
import type { Column } from '../../ui/DataTable';
import { shortDate } from '../../ui/DateTimeInput';
import { ListButtonLink } from '../../ui/list-page/ListButtonLink';
import { ListingPage } from '../../ui/list-page/ListingPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { recordLink, rowLink } from '../../ui/list-page/row-link';
import { TERMS_MODELS, TERMS_STATUSES } from './terms-draft';

type TermsItem = Listed<'/terms'>;

const STATUS_COLOURS: Record<string, string> = { RUNNING: 'green', DRAFT: 'blue', ARCHIVED: 'gray' };
const excerpt = (template: string | undefined) =>
  (template ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);

const columns: Column<TermsItem>[] = [
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
  { header: 'Created', sortField: 'createDate', cell: (row) => shortDate(row.createDate) },
];

const FILTERS: ListFilter[] = [
  { name: 'status', label: 'Status', kind: 'choice', data: [...TERMS_STATUSES] },
  { name: 'model', label: 'Model', kind: 'choice', data: [...TERMS_MODELS] },
  { name: 'locale', label: 'Locale', kind: 'text', placeholder: 'fr_FR' },
];

/** Terms templates, filtered by status, model and locale in the URL. */
export function TermsPage(): ReactElement {
  return (
    <ListingPage
      title="Terms templates"
      listing="/terms"
      columns={columns}
      filters={FILTERS}
      rowName={(row) => excerpt(row.template) || '(empty)'}
      link={rowLink('/terms/$termsId')}
      nameHeader={{ header: 'Template' }}
      actions={<ListButtonLink to="/company-terms">Company terms</ListButtonLink>}
      noun="terms template"
      create={{
        scope: 'terms:write',
        label: 'New template',
        verb: 'Write',
        to: recordLink('/terms/$termsId', 'new'),
      }}
    />
  );
}
