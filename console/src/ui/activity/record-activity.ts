import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';

/** The cache key of one record's changes; `version` makes a save of the record read them again. */
export const recordActivityKey = (recordId: string, version?: number) => ['activity', 'record', recordId, version];

/**
 * A record's changes as `GET /activity?recordId=` answers them, newest first (the last 100). While a new version's
 * changes are read, the ones read for the version before stay shown (never another record's).
 */
export function useRecordActivity(recordId: string | undefined, version?: number) {
  return useQuery({
    queryKey: recordActivityKey(recordId ?? '', version),
    queryFn: async () =>
      unwrap(await api.GET('/activity', { params: { query: { recordId: recordId ?? '', size: 100 } } })),
    enabled: Boolean(recordId),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === recordId ? previous : undefined),
  });
}
