import type { Config } from '../../config.js';
import type { Queryable } from '../../platform/db/database.js';
import * as repo from './iam.repository.js';

/** The public client every realm has for the browser console: no secret, the authorization code grant with PKCE. */
export const CONSOLE_CLIENT = 'console';

/** Where the console is served, relative to an origin. */
export const CONSOLE_PATH = '/console';

export interface ConsoleRedirects {
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

/**
 * The console's registered URIs: its callback and its start page at PUBLIC_BASE_URL, and at each of
 * CONSOLE_ORIGINS (a development server). Matched exactly, as RFC 9700 §2.1 asks.
 */
export function consoleRedirects(config: Pick<Config, 'publicBaseUrl' | 'consoleOrigins'>): ConsoleRedirects {
  const bases = [config.publicBaseUrl, ...config.consoleOrigins];
  return {
    redirectUris: bases.map((base) => `${base}${CONSOLE_PATH}/callback`),
    postLogoutRedirectUris: bases.map((base) => `${base}${CONSOLE_PATH}/`),
  };
}

/** Gives `realm` its console client (a new customer's realm), with the current URIs. */
export async function addConsoleClient(
  tx: Queryable,
  realm: string,
  scopes: readonly string[],
  redirects: ConsoleRedirects,
): Promise<void> {
  await repo.insertPublicClient(tx, realm, CONSOLE_CLIENT, scopes, redirects);
}

/**
 * At start: every realm has its console client, registered at this start's PUBLIC_BASE_URL and CONSOLE_ORIGINS (a
 * changed base URL moves them all).
 */
export async function registerConsoleClients(db: Queryable, redirects: ConsoleRedirects): Promise<void> {
  await repo.addPublicClientToEveryRealm(db, CONSOLE_CLIENT);
  await repo.setPublicClientRedirects(db, CONSOLE_CLIENT, redirects);
}
