import { useSyncExternalStore } from 'react';
import { currentSession, onSessionChange } from './session-store';

/** Who is signed in, as the access token says (read, not verified: the API verifies every call). */
export interface Principal {
  realm: string;
  /** Null for the operator. */
  customerId: string | null;
  username: string;
  /** The token's subject: what the console keeps per person (saved views) is kept under it. */
  subject: string;
  scopes: ReadonlySet<string>;
}

function claimsOf(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))) as Record<string, unknown>;
}

let cached: { token: string; principal: Principal } | undefined;

export function principalOf(token: string): Principal {
  if (cached?.token === token) return cached.principal;
  const claims = claimsOf(token);
  const principal: Principal = {
    realm: String(claims.realm ?? ''),
    customerId: typeof claims.customerId === 'string' ? claims.customerId : null,
    username: String(claims.preferred_username ?? claims.sub ?? ''),
    subject: `${String(claims.realm ?? '')}/${String(claims.sub ?? '')}`,
    scopes: new Set(
      String(claims.scope ?? '')
        .split(' ')
        .filter(Boolean),
    ),
  };
  cached = { token, principal };
  return principal;
}

/** The signed-in principal; re-renders when the session changes (a refresh, a sign-out). */
export function usePrincipal(): Principal | undefined {
  const token = useSyncExternalStore(onSessionChange, () => currentSession()?.accessToken);
  return token ? principalOf(token) : undefined;
}

/** Whether the principal holds `scope` (`catalog:write`): buttons it does not allow are not shown. */
export function useCan(): (scope: string) => boolean {
  const principal = usePrincipal();
  return (scope) => Boolean(principal?.scopes.has(scope));
}

export const isOperator = (principal: Principal | undefined) => Boolean(principal && principal.customerId === null);
