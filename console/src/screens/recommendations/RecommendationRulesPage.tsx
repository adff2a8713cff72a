import { Badge } from '@mantine/core';
import { linkOptions } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { unwrap } from '../../api/api-error';
import { api, type Listed } from '../../api/client';
import type { paths } from '../../api/openapi';
import { useCan } from '../../auth/principal';
import type { Column } from '../../ui/DataTable';
import { ListPage } from '../../ui/list-page/ListPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { filterValue, type ListSearch, pageQuery } from '../../ui/list-search';
import { RouteButtonLink } from '../../ui/RouteButtonLink';
import { FUNCTION_LABELS, FUNCTIONS, LEVELS, STATUSES, TYPES } from './rule-draft';

type Rule = Listed<'/recommendation-rules'>;
type Query = NonNullable<paths['/recommendation-rules']['get']['parameters']['query']>;

const day = (epoch: number | undefined) => (epoch === undefined ? '' : new Date(epoch).toLocaleDateString());

const columns: Column<Rule>[] = [
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

const FILTERS: ListFilter[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'status', label: 'Status', kind: 'choice', data: [...STATUSES] },
  { name: 'type', label: 'Type', kind: 'choice', data: [...TYPES] },
  {
    name: 'function',
    label: 'Function',
    kind: 'choice',
    data: FUNCTIONS.map((value) => ({ value, label: FUNCTION_LABELS[value].split(':')[0] ?? value })),
  },
  { name: 'levels', label: 'Levels', kind: 'multi', data: [...LEVELS] },
  { name: 'eligibleStoreIds', label: 'Store', kind: 'text' },
];

/** The list's filters as the API's query: the array filters (levels, stores) as lists. */
function queryOf(search: ListSearch): Query {
  const list = (name: string) => filterValue(search[name])?.split(',').filter(Boolean);
  return {
    ...pageQuery(search),
    name: filterValue(search.name),
    status: filterValue(search.status),
    type: filterValue(search.type),
    function: filterValue(search.function),
    levels: list('levels'),
    eligibleStoreIds: list('eligibleStoreIds'),
  };
}

/** Recommendation rules: filtered by name, status, type, function, level and store, all kept in the URL. */
export function RecommendationRulesPage(): ReactElement {
  const can = useCan();
  return (
    <ListPage
      title="Recommendation rules"
      listKey={['recommendation-rules', 'list']}
      fetchPage={async (search) =>
        unwrap(await api.GET('/recommendation-rules', { params: { query: queryOf(search) } }))
      }
      columns={columns}
      filters={FILTERS}
      rowName={(row) => row.name ?? row.id}
      link={(row) => linkOptions({ to: '/recommendation-rules/$ruleId', params: { ruleId: row.id } })}
      actions={
        <>
          <RouteButtonLink to="/recommendations/try" variant="default">
            Try a cart
          </RouteButtonLink>
          {can('recommendations:write') && (
            <RouteButtonLink to="/recommendation-rules/$ruleId" params={{ ruleId: 'new' }}>
              New rule
            </RouteButtonLink>
          )}
        </>
      }
      noun="rule"
      emptyHint={can('recommendations:write') ? 'Create one with "New rule".' : undefined}
    />
  );
}
