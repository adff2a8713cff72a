import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { useRecordList } from '../../ui/record-picker/record-options';
import {
  NOTIFICATION_DEFINITIONS,
  NOTIFICATION_RECEIVERS,
  type RecordOption,
} from '../../ui/record-picker/record-sources';

/** Query keys of the notification screens: a write invalidates the kind it changed. */
export const keys = {
  definitions: ['notification-definitions'] as const,
  receivers: ['notification-receivers'] as const,
  deliveries: ['notifications'] as const,
};

export type NameOption = RecordOption;

/** The definitions the principal may read, by name (up to 500): what names their ids in tables and filters. */
export const useDefinitionOptions = () => useRecordList(NOTIFICATION_DEFINITIONS);
export const useReceiverOptions = () => useRecordList(NOTIFICATION_RECEIVERS);

export function useDefinition(id: string) {
  return useQuery({
    queryKey: [...keys.definitions, id],
    queryFn: async () => unwrap(await api.GET('/notification-definitions/{id}', { params: { path: { id } } })),
  });
}

export function useReceiver(id: string) {
  return useQuery({
    queryKey: [...keys.receivers, id],
    queryFn: async () => unwrap(await api.GET('/notification-receivers/{id}', { params: { path: { id } } })),
  });
}

/** The label of an id among options, or the id itself when it is not (any longer) listed. */
export const nameOf = (choices: NameOption[] | undefined, id: string | undefined) =>
  id ? (choices?.find((option) => option.value === id)?.label ?? id) : '';
