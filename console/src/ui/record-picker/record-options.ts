import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { usePrincipal } from '../../auth/principal';
import type { RecordOption, RecordScope, RecordSource } from './record-sources';

/** Whether the signed-in person may list the kind at all (customers are the operator's). */
export function useMayList(source: RecordSource): boolean {
  const principal = usePrincipal();
  return Boolean(principal) && (!source.scope || Boolean(principal?.scopes.has(source.scope)));
}

/** The records of a kind offered for `text` (all of them for a kind searched here), in the listing's scope. */
export function useRecordList(source: RecordSource, text = '', scope: RecordScope = {}, enabled = true) {
  const allowed = useMayList(source);
  const [settled] = useDebouncedValue(source.searches ? text.trim() : '', 300);
  return useQuery({
    queryKey: [...source.key, scope, settled],
    queryFn: () => source.list(settled, scope),
    enabled: enabled && allowed,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** These records as options, each read once and kept (a page of references, the values a picker holds). */
function useRecordsById(source: RecordSource, ids: readonly string[]): Map<string, RecordOption> {
  const allowed = useMayList(source);
  const unique = [...new Set(ids.filter(Boolean))];
  const results = useQueries({
    queries: unique.map((id) => ({
      queryKey: [...source.key, 'one', id],
      queryFn: () => source.one(id),
      enabled: allowed,
      staleTime: 60_000,
      retry: false,
    })),
  });
  const found = new Map<string, RecordOption>();
  results.forEach((result, at) => {
    if (result.data) found.set(unique[at]!, result.data);
  });
  return found;
}

/** The names of these records (a product's without its reference), as links and tables show them. */
export function useRecordNames(source: RecordSource, ids: readonly string[]): Map<string, string> {
  const found = useRecordsById(source, ids);
  return new Map([...found].map(([id, option]) => [id, option.name ?? option.label]));
}

/**
 * What a picker offers: the records found, then those it holds that the list does not (another page, another search),
 * by their names once read. `exclude` drops records that may not be chosen (the record itself, its variants).
 */
export function useRecordOptions(
  source: RecordSource,
  { text, scope, chosen, exclude = [] }: { text: string; scope?: RecordScope; chosen: string[]; exclude?: string[] },
) {
  const list = useRecordList(source, text, scope);
  const found = list.data ?? [];
  const missing = chosen.filter((id) => !found.some((option) => option.value === id));
  const held = useRecordsById(source, missing);
  const data: RecordOption[] = [
    ...found.filter((option) => !exclude.includes(option.value)),
    ...missing.map((id) => ({ value: id, label: held.get(id)?.label ?? id })),
  ];
  return { data, loading: list.isFetching, error: list.error };
}
