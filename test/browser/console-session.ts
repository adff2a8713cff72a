import * as client from 'openid-client';
import type { Page } from 'playwright-core';
import { signInPageFields } from '../iam/iam-kit.js';

/** What the console keeps in a tab's sessionStorage (console/src/auth/session-store.ts). */
const SESSION_KEY = 'console.session';

/**
 * A fresh console session of this user, got as the console gets one (authorization code with PKCE through the realm's
 * sign-in page) but by HTTP from the test, not by the browser.
 */
export async function consoleSession(origin: string, realm: string, username: string, password: string) {
  const config = await client.discovery(new URL(`${origin}/iam/realms/${realm}`), 'console', undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const authorize = client.buildAuthorizationUrl(config, {
    redirect_uri: `${origin}/console/callback`,
    scope: 'openid',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const page = await fetch(authorize, { redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`the sign-in page answered ${page.status}: ${html.slice(0, 200)}`);
  const fields = signInPageFields(html);
  const form = await fetch(`${origin}/iam/realms/${encodeURIComponent(realm)}/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: (page.headers.get('set-cookie') ?? '').split(';')[0]!,
    },
    body: new URLSearchParams({ ...fields, username, password }),
  });
  if (form.status !== 303)
    throw new Error(`the sign-in form answered ${form.status}: ${(await form.text()).slice(0, 200)}`);
  const tokens = await client.authorizationCodeGrant(config, new URL(form.headers.get('location')!), {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return { realm, refreshToken: tokens.refresh_token!, idToken: tokens.id_token };
}

/**
 * Gives the tab a session of its own in its sessionStorage before its first page loads, as a reload of a signed-in tab
 * finds it. Once per tab: the console rotates the refresh token at once, and a later reload must keep the new one.
 */
export async function seedSession(page: Page, session: Awaited<ReturnType<typeof consoleSession>>): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      // The script runs in every frame too; a sandboxed one (a template's preview) may not touch storage at all.
      if (window !== window.top || sessionStorage.getItem('test.session-seeded')) return;
      sessionStorage.setItem('test.session-seeded', '1');
      sessionStorage.setItem(key, value);
    },
    [SESSION_KEY, JSON.stringify(session)] as const,
  );
}
