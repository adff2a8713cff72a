import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { type NavigateOptions, useNavigate } from '@tanstack/react-router';

/**
 * What a record page does once its record is saved (its `onSaved`): the cache holds the saved record, the lists and
 * other records of its kind are read again, a notice says so, and a record just created opens at its own page (the
 * page it was created on is `…/new`).
 */
export function useRecordSaved<R extends { id: string }>({
  kind,
  creating,
  notice,
  pageOf,
}: {
  /** The first part of the query keys of this kind of record (`['terms', id]`). */
  kind: string;
  creating: boolean;
  notice: (saved: R) => string;
  pageOf: (saved: R) => NavigateOptions;
}): (saved: R) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (saved) => {
    void queryClient.invalidateQueries({ queryKey: [kind], predicate: (query) => query.queryKey[1] !== saved.id });
    queryClient.setQueryData([kind, saved.id], saved);
    notifications.show({ message: notice(saved), color: 'green' });
    if (creating) await navigate(pageOf(saved));
  };
}
