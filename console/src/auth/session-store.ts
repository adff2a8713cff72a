/**
 * Where the session lives. The access token only in memory; the refresh token (rotated on every use) and the realm in
 * this tab's sessionStorage, so a reload keeps the person signed in and closing the tab forgets them.
 */
export interface Session {
  realm: string;
  accessToken: string;
  /** Epoch ms. */
  expiresAt: number;
  refreshToken: string;
  idToken: string | undefined;
}

const KEY = 'console.session';
let current: Session | undefined;
const listeners = new Set<() => void>();

export function currentSession(): Session | undefined {
  return current;
}

export function setSession(session: Session | undefined): void {
  current = session;
  if (session)
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ realm: session.realm, refreshToken: session.refreshToken, idToken: session.idToken }),
    );
  else sessionStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

/** What a reload starts from: the realm and refresh token of this tab, with no access token yet. */
export function storedSession(): { realm: string; refreshToken: string; idToken: string | undefined } | undefined {
  const text = sessionStorage.getItem(KEY);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as { realm: string; refreshToken: string; idToken: string | undefined };
  } catch {
    return undefined;
  }
}

export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
