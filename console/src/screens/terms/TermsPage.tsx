import { Badge } from '@mantine/core';
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

async function termsPage(search: ListSearch) {
  const query = {
    ...pageQuery(search),
    status: filterValue(search.status),
    model: filterValue(search.model),
    locale: filterValue(search.locale),
  };
  return unwrap(await api.GET('/terms', { params: { query } }));
}

/** Terms templates, filtered by status, model and locale in the URL. */
export function TermsPage(): ReactElement {
  const can = useCan();
  return (
    <ListPage
      title="Terms templates"
      listKey={['terms', 'list']}
      fetchPage={termsPage}
      columns={columns}
      filters={FILTERS}
      rowName={(row) => excerpt(row.template) || '(empty)'}
      link={(row) => linkOptions({ to: '/terms/$termsId', params: { termsId: row.id } })}
      nameHeader={{ header: 'Template' }}
      actions={
        <>
          <RouteButtonLink to="/company-terms" search={{ page: 0, size: 20 }} variant="default">
            Company terms
          </RouteButtonLink>
          {can('terms:write') && (
            <RouteButtonLink to="/terms/$termsId" params={{ termsId: 'new' }}>
              New template
            </RouteButtonLink>
          )}
        </>
      }
      noun="terms template"
      emptyHint={can('terms:write') ? 'Write one with "New template".' : undefined}
    />
  );
}
