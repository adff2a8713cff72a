import * as oauth from 'oauth4webapi';

/** The console's client in every realm: public, the authorization code grant with PKCE. */
export const CLIENT: oauth.Client = { client_id: 'console' };
export const CLIENT_AUTH = oauth.None();

/** Only a console served over plain HTTP (a developer's machine) talks to its server over plain HTTP. */
export const transport = location.protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {};

/** Where the sign-in page sends the browser back to, on this origin. */
export const redirectUri = () => `${location.origin}${import.meta.env.BASE_URL}callback`;
/** Where the end-session endpoint sends the browser back to. */
export const postLogoutUri = () => `${location.origin}${import.meta.env.BASE_URL}`;

const servers = new Map<string, Promise<oauth.AuthorizationServer>>();

/**
 * The realm's authorization server, from its discovery document on this origin. The issuer is the one the document
 * names (the service's PUBLIC_BASE_URL), which is what tokens carry.
 */
export function authorizationServer(realm: string): Promise<oauth.AuthorizationServer> {
  let found = servers.get(realm);
  if (!found) {
    found = (async () => {
      const response = await fetch(
        `${location.origin}/iam/realms/${encodeURIComponent(realm)}/.well-known/openid-configuration`,
      );
      if (response.status === 404) throw new Error(`There is no realm "${realm}".`);
      const { issuer } = (await response.clone().json()) as { issuer: string };
      return oauth.processDiscoveryResponse(new URL(issuer), response);
    })();
    found.catch(() => servers.delete(realm));
    servers.set(realm, found);
  }
  return found;
}
