import { useQuery } from '@tanstack/react-query';
import { ApiError, unwrap } from '../../api/api-error';
import { api, type Listed, type Schemas } from '../../api/client';

export type SubscriptionModel = Listed<'/subscription-models'>;
type Unit = Schemas['SubscriptionTerm']['unit'];

/** Each calendar unit of a term, as a picker offers it (a unit the API adds fails the type check until named here). */
export const TERM_UNITS: Record<Unit, string> = { DAY: 'days', WEEK: 'weeks', MONTH: 'months', YEAR: 'years' };

export const isTermUnit = (value: string): value is Unit => value in TERM_UNITS;

/** A term in words: `every 1 month`, `every 3 years`. */
export function termLabel(term: Schemas['SubscriptionTerm'] | undefined): string {
  if (!term) return '';
  const unit = TERM_UNITS[term.unit];
  return `every ${term.value} ${term.value === '1' ? unit.replace(/s$/, '') : unit}`;
}

export const modelKey = (id: string) => ['subscription-models', 'one', id] as const;

/**
 * One model by its id. `GET /subscription-models/{model}` names a model by name, which two customers may share (the
 * operator sees both): the listing's `id` filter names exactly one.
 */
export function useSubscriptionModel(id: string) {
  return useQuery({
    queryKey: modelKey(id),
    queryFn: async (): Promise<SubscriptionModel> => {
      const page = unwrap(await api.GET('/subscription-models', { params: { query: { id, size: 1 } } }));
      const model = page.items[0];
      if (!model) throw new ApiError(404, `no subscription model ${id}`);
      return model;
    },
  });
}
