import type { Config } from '../../config.js';
import type { Queryable } from '../../platform/db/database.js';

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
  await tx.query(
    `INSERT INTO iam_clients (realm, client_id, secret_hash, scopes, public, redirect_uris, post_logout_redirect_uris)
     VALUES ($1, $2, NULL, $3, true, $4, $5) ON CONFLICT (realm, client_id) DO NOTHING`,
    [realm, CONSOLE_CLIENT, scopes, redirects.redirectUris, redirects.postLogoutRedirectUris],
  );
}

/**
 * At start: every realm has its console client, registered at this start's PUBLIC_BASE_URL and CONSOLE_ORIGINS (a
 * changed base URL moves them all).
 */
export async function registerConsoleClients(db: Queryable, redirects: ConsoleRedirects): Promise<void> {
  await db.query(
    `INSERT INTO iam_clients (realm, client_id, secret_hash, scopes, public)
     SELECT name, $1, NULL, scopes, true FROM iam_realms ON CONFLICT (realm, client_id) DO NOTHING`,
    [CONSOLE_CLIENT],
  );
  await db.query(
    'UPDATE iam_clients SET redirect_uris = $2, post_logout_redirect_uris = $3 WHERE client_id = $1 AND public',
    [CONSOLE_CLIENT, redirects.redirectUris, redirects.postLogoutRedirectUris],
  );
}
