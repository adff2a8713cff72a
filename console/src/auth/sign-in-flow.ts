import * as oauth from 'oauth4webapi';
import { authorizationServer, CLIENT, CLIENT_AUTH, postLogoutUri, redirectUri, transport } from './oauth-server';
import { currentSession, type Session, setSession, storedSession } from './session-store';

/** What the browser keeps across the redirect to the sign-in page (this tab only). */
interface Pending {
  realm: string;
  verifier: string;
  state: string;
  nonce: string;
  /** The console page to open once signed in. */
  returnTo: string;
}
const PENDING = 'console.pending-sign-in';

function sessionFrom(realm: string, tokens: oauth.TokenEndpointResponse, previousIdToken?: string): Session {
  if (!tokens.refresh_token) throw new Error('The sign-in gave no refresh token.');
  return {
    realm,
    accessToken: tokens.access_token,
    expiresAt: Date.now() + (tokens.expires_in ?? 300) * 1000,
    refreshToken: tokens.refresh_token,
    idToken: tokens.id_token ?? previousIdToken,
  };
}

/** Sends the browser to the realm's sign-in page (authorization code with PKCE, S256). */
export async function beginSignIn(realm: string, returnTo: string): Promise<never> {
  const as = await authorizationServer(realm);
  const verifier = oauth.generateRandomCodeVerifier();
  const pending: Pending = {
    realm,
    verifier,
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    returnTo,
  };
  sessionStorage.setItem(PENDING, JSON.stringify(pending));
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT.client_id,
    redirect_uri: redirectUri(),
    scope: 'openid',
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  location.assign(url);
  return new Promise<never>(() => undefined);
}

/** The callback: checks the answer against what was sent, redeems the code, and says which page to open. */
export async function completeSignIn(callback: URL): Promise<string> {
  const text = sessionStorage.getItem(PENDING);
  sessionStorage.removeItem(PENDING);
  if (!text) throw new Error('This sign-in was not started in this tab. Sign in again.');
  const pending = JSON.parse(text) as Pending;
  const as = await authorizationServer(pending.realm);
  const parameters = oauth.validateAuthResponse(as, CLIENT, callback, pending.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    CLIENT,
    CLIENT_AUTH,
    parameters,
    redirectUri(),
    pending.verifier,
    transport,
  );
  const tokens = await oauth.processAuthorizationCodeResponse(as, CLIENT, response, {
    expectedNonce: pending.nonce,
    requireIdToken: true,
  });
  setSession(sessionFrom(pending.realm, tokens));
  return pending.returnTo;
}

let refreshing: Promise<Session | undefined> | undefined;

/** A new access token from the refresh token (which rotates); one refresh at a time. Undefined: signed out. */
export function refreshSession(): Promise<Session | undefined> {
  refreshing ??= (async () => {
    const known = currentSession() ?? storedSession();
    if (!known) return undefined;
    try {
      const as = await authorizationServer(known.realm);
      const response = await oauth.refreshTokenGrantRequest(as, CLIENT, CLIENT_AUTH, known.refreshToken, transport);
      const session = sessionFrom(
        known.realm,
        await oauth.processRefreshTokenResponse(as, CLIENT, response),
        known.idToken,
      );
      setSession(session);
      return session;
    } catch {
      setSession(undefined);
      return undefined;
    }
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/** An access token valid for at least 30 more seconds, refreshing it first when needed. */
export async function accessToken(): Promise<string | undefined> {
  const session = currentSession();
  if (session && session.expiresAt - Date.now() > 30_000) return session.accessToken;
  return (await refreshSession())?.accessToken;
}

/** Ends the session at the realm (its tokens stop working) and comes back to the console's start page. */
export async function signOut(): Promise<void> {
  const session = currentSession() ?? storedSession();
  setSession(undefined);
  if (!session?.idToken) return location.assign(postLogoutUri());
  const as = await authorizationServer(session.realm);
  const url = new URL(as.end_session_endpoint!);
  url.search = new URLSearchParams({
    id_token_hint: session.idToken,
    post_logout_redirect_uri: postLogoutUri(),
    client_id: CLIENT.client_id,
  }).toString();
  location.assign(url);
}
