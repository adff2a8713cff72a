import createClient from 'openapi-fetch';
import { accessToken, refreshSession } from '../auth/sign-in-flow';
import type { components, paths } from './openapi';

export type Schemas = components['schemas'];

/** A record as a listing of `path` answers it (a projection may leave fields out). */
export type Listed<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': { items: (infer Item)[] } } } } };
}
  ? Item
  : never;

/**
 * fetch with the session's bearer token. A 401 on a token that looked valid (ended elsewhere, keys rotated) gets one
 * refresh and one retry; a second 401 stands and the session is gone.
 */
async function authorizedFetch(request: Request): Promise<Response> {
  const send = async (token: string | undefined) => {
    const attempt = request.clone();
    if (token) attempt.headers.set('authorization', `Bearer ${token}`);
    return fetch(attempt);
  };
  const first = await send(await accessToken());
  if (first.status !== 401) return first;
  const refreshed = await refreshSession();
  return refreshed ? send(refreshed.accessToken) : first;
}

/** The API, typed from the service's own OpenAPI document (`npm run console:api`). */
export const api = createClient<paths>({ baseUrl: location.origin, fetch: authorizedFetch });
