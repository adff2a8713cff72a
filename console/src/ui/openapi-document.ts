import { useQuery } from '@tanstack/react-query';

export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The service's OpenAPI document (`GET /openapi.json`, public), read once per session: what the console reads of the
 * service's own declarations (a schema's fields, the event catalogue) rather than a copy of them.
 */
export function useOpenApiDocument<T>(select: (document: Record<string, unknown>) => T, enabled = true) {
  return useQuery({
    queryKey: ['openapi'],
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const answer = await fetch(`${location.origin}/openapi.json`);
      if (!answer.ok) throw new Error(`The service’s OpenAPI document answered ${answer.status}.`);
      const document: unknown = await answer.json();
      if (!isObject(document)) throw new Error('The service’s OpenAPI document is not an object.');
      return document;
    },
    select,
  });
}
