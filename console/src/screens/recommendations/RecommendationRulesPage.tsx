import type { ReactElement } from 'react';
import type { Listed } from '../../api/client';
import type { Column } from '../../ui/DataTable';
import { ListingPage } from '../../ui/list-page/ListingPage';
import type { ListFilter } from '../../ui/list-page/list-filters';
import { recordLink, rowLink } from '../../ui/list-page/row-link';
import { statusColumn } from '../../ui/list-page/status-column';
import { RouteButtonLink } from '../../ui/RouteButtonLink';
import { FUNCTION_LABELS, FUNCTIONS, LEVELS, STATUSES, TYPES } from './rule-draft';

type Rule = Listed<'/recommendation-rules'>;

const day = (epoch: number | undefined) => (epoch === undefined ? '' : new Date(epoch).toLocaleDateString());

const columns: Column<Rule>[] = [
  statusColumn('ENABLED'),
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
  { name: 'levels', label: 'Levels', kind: 'multi', data: [...LEVELS], list: true },
  { name: 'eligibleStoreIds', label: 'Store', kind: 'text', list: true },
];

/** Recommendation rules: filtered by name, status, type, function, level and store, all kept in the URL. */
export function RecommendationRulesPage(): ReactElement {
  return (
    <ListingPage
      title="Recommendation rules"
      listing="/recommendation-rules"
      columns={columns}
      filters={FILTERS}
      link={rowLink('/recommendation-rules/$ruleId')}
      actions={
        <RouteButtonLink to="/recommendations/try" variant="default">
          Try a cart
        </RouteButtonLink>
      }
      noun="rule"
      create={{ scope: 'recommendations:write', to: recordLink('/recommendation-rules/$ruleId', 'new') }}
    />
  );
}
