import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';

/** Query keys of the notification screens: a write invalidates the kind it changed. */
export const keys = {
  definitions: ['notification-definitions'] as const,
  receivers: ['notification-receivers'] as const,
  deliveries: ['notifications'] as const,
};

/** Up to 500 names, enough for the pickers and for naming ids in the tables (the API pages at 500). */
const NAMES = { size: 500, sort: ['name,asc'], target: ['name'] };

export interface NameOption {
  value: string;
  label: string;
}

function options(items: { id: string; name?: string }[]): NameOption[] {
  return items.map((item) => ({ value: item.id, label: item.name ?? item.id }));
}

/** The definitions the principal may read, as picker options (also names ids in tables). */
export function useDefinitionOptions() {
  return useQuery({
    queryKey: [...keys.definitions, 'names'],
    queryFn: async () =>
      options(unwrap(await api.GET('/notification-definitions', { params: { query: NAMES } })).items),
  });
}

export function useReceiverOptions() {
  return useQuery({
    queryKey: [...keys.receivers, 'names'],
    queryFn: async () => options(unwrap(await api.GET('/notification-receivers', { params: { query: NAMES } })).items),
  });
}

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
