import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { ADMIN_PASSWORD } from '../support/test-app.js';
import { signInPageFields } from './iam-kit.js';

/**
 * The browser sign-in of the console: the authorization code grant with PKCE (S256 only), driven by openid-client as
 * a single-page application would, on a real port, through the realm's sign-in page.
 */
const { t, base } = await useApp({ listen: true, env: { TOKEN_RATE_LIMIT: '10000', SIGN_IN_FREE_ATTEMPTS: '3' } });
const console_ = `${base}/console/callback`;

const discover = (realm: string) =>
  client.discovery(new URL(`${base}/iam/realms/${realm}`), 'console', undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });

interface Started {
  config: client.Configuration;
  verifier: string;
  state: string;
  nonce: string;
  url: URL;
}

async function start(realm: string, extra: Record<string, string> = {}): Promise<Started> {
  const config = await discover(realm);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: console_,
    scope: 'openid',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { config, verifier, state, nonce, url };
}

interface Page {
  status: number;
  html: string;
  headers: Headers;
  cookie: string;
  fields: Record<string, string>;
}

async function open(url: URL | string): Promise<Page> {
  const res = await fetch(url, { redirect: 'manual' });
  const html = await res.text();
  const fields = signInPageFields(html);
  return {
    status: res.status,
    html,
    headers: res.headers,
    cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!,
    fields,
  };
}

async function post(
  realm: string,
  page: Page,
  credentials: { username: string; password: string },
  headers: Record<string, string> = {},
) {
  const body = new URLSearchParams({ ...page.fields, ...credentials });
  return fetch(`${base}/iam/realms/${realm}/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: page.cookie, ...headers },
    body,
  });
}

/** The whole browser leg: the page, the form, the redirect back with the code. */
async function signIn(
  realm: string,
  credentials: { username: string; password: string },
  extra: Record<string, string> = {},
) {
  const started = await start(realm, extra);
  const page = await open(started.url);
  expect(page.status, page.html).toBe(200);
  const answer = await post(realm, page, credentials);
  expect(answer.status, await answer.clone().text()).toBe(303);
  return { ...started, redirect: new URL(answer.headers.get('location')!) };
}

const ADMIN = { username: 'admin', password: ADMIN_PASSWORD };
const termsStatus = async (token: string) =>
  (await fetch(`${base}/terms`, { headers: { authorization: `Bearer ${token}` } })).status;

describe('the authorization code grant with PKCE (openid-client)', () => {
  it('signs the operator in: sign-in page, code, tokens with the nonce, rotation of the refresh token, end session', async () => {
    const flow = await signIn('operator', ADMIN);
    expect(flow.redirect.searchParams.get('iss')).toBe(`${base}/iam/realms/operator`);
    const tokens = await client.authorizationCodeGrant(flow.config, flow.redirect, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    expect(tokens.claims()).toMatchObject({
      iss: `${base}/iam/realms/operator`,
      aud: 'console',
      nonce: flow.nonce,
      preferred_username: 'admin',
    });
    expect(tokens.scope).toContain('terms:read');
    expect(await termsStatus(tokens.access_token)).toBe(200);

    // A public client's refresh token rotates; the old one, presented again, ends the session.
    const refreshed = await client.refreshTokenGrant(flow.config, tokens.refresh_token!);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(await termsStatus(refreshed.access_token)).toBe(200);
    const reused = await client.refreshTokenGrant(flow.config, tokens.refresh_token!).catch((error: unknown) => error);
    expect(reused).toMatchObject({ error: 'invalid_grant' });
    expect(await termsStatus(refreshed.access_token)).toBe(401);
  });

  it('ends the session of the id token it is given, and returns to a registered post-logout URI with the state', async () => {
    const flow = await signIn('operator', ADMIN);
    const tokens = await client.authorizationCodeGrant(flow.config, flow.redirect, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
    });
    const url = client.buildEndSessionUrl(flow.config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${base}/console/`,
      state: 'bye',
    });
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${base}/console/?state=bye`);
    expect(await termsStatus(tokens.access_token)).toBe(401);
    await expect(client.refreshTokenGrant(flow.config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // Another post-logout URI is not followed: the page says the user is signed out.
    const elsewhere = await fetch(
      client.buildEndSessionUrl(flow.config, {
        id_token_hint: tokens.id_token!,
        post_logout_redirect_uri: 'https://evil.example/',
      }),
      { redirect: 'manual' },
    );
    expect(elsewhere.status).toBe(200);
    expect(await elsewhere.text()).toContain('signed out');
  });

  it("signs a publisher's user in through its own realm's console client, with the realm's scopes only", async () => {
    const tenant = await t.tenant();
    const created = await t.request('POST', `/iam/realms/${tenant.realm}/users`, await t.operator(), {
      username: 'editor',
      password: 'editor-password-1',
    });
    expect(created.status).toBe(201);
    const flow = await signIn(tenant.realm, { username: 'editor', password: 'editor-password-1' });
    const tokens = await client.authorizationCodeGrant(flow.config, flow.redirect, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
    });
    expect(tokens.claims()).toMatchObject({ iss: `${base}/iam/realms/${tenant.realm}` });
    expect(tokens.scope).not.toContain('operator');
    const listed = await fetch(`${base}/terms`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(listed.status).toBe(200);
  });

  it('redeems a code once: a second redemption is refused and ends the session the first one opened', async () => {
    const flow = await signIn('operator', ADMIN);
    const tokens = await client.authorizationCodeGrant(flow.config, flow.redirect, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
    });
    await expect(
      client.authorizationCodeGrant(flow.config, flow.redirect, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await termsStatus(tokens.access_token)).toBe(401);
  });

  it('refuses a code with another verifier, at another redirect URI, or for another client', async () => {
    const flow = await signIn('operator', ADMIN);
    const code = flow.redirect.searchParams.get('code')!;
    const token = (body: Record<string, string>) =>
      fetch(`${base}/iam/tokens/oauth`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: 'console',
          code,
          redirect_uri: console_,
          code_verifier: flow.verifier,
          ...body,
        }),
      });
    for (const [body, description] of [
      [{ code_verifier: client.randomPKCECodeVerifier() }, 'code_verifier does not match'],
      [{ redirect_uri: `${base}/console/other` }, 'redirect_uri is not the one'],
      [{ client_id: 'operator' }, 'another client'],
      [{ code_verifier: 'short' }, 'RFC 7636'],
    ] as const) {
      const res = await token(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error_description: string }).error_description).toContain(description);
    }
    // None of them used the code up.
    const tokens = await client.authorizationCodeGrant(flow.config, flow.redirect, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
    });
    expect(await termsStatus(tokens.access_token)).toBe(200);
  });
});

describe('GET /iam/realms/{realm}/authorize', () => {
  it('shows a client or redirect URI the realm did not register on the page, never redirecting to it', async () => {
    const { url } = await start('operator');
    for (const [name, value] of [
      ['redirect_uri', 'https://evil.example/callback'],
      ['client_id', 'nobody'],
    ]) {
      const bad = new URL(url);
      bad.searchParams.set(name, value);
      const page = await open(bad);
      expect(page.status).toBe(400);
      expect(page.headers.get('location')).toBeNull();
      expect(page.html).toContain('not valid');
    }
  });

  it('sends other problems to the redirect URI: no PKCE, the plain method, another response type, an unknown scope', async () => {
    for (const [name, value, error] of [
      ['code_challenge', '', 'invalid_request'],
      ['code_challenge_method', 'plain', 'invalid_request'],
      ['response_type', 'token', 'unsupported_response_type'],
      ['scope', 'no-such-scope', 'invalid_scope'],
    ] as const) {
      const started = await start('operator');
      const url = new URL(started.url);
      if (value) url.searchParams.set(name, value);
      else url.searchParams.delete(name);
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status, name).toBe(303);
      const back = new URL(res.headers.get('location')!);
      expect(`${back.origin}${back.pathname}`).toBe(console_);
      expect(back.searchParams.get('error'), name).toBe(error);
      expect(back.searchParams.get('state')).toBe(started.state);
    }
  });

  it('answers the sign-in page with a strict Content-Security-Policy, no framing and no caching', async () => {
    const page = await open((await start('operator')).url);
    expect(page.headers.get('content-type')).toContain('text/html');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/form-action 'self' http:\/\/127\.0\.0\.1:\d+/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.html).toMatch(/<label for="username">/);
    expect(page.cookie).toMatch(/^iam_csrf=/);
  });

  it('opens with the focus on the username and no alert; after a wrong password the alert and the focus on the password', async () => {
    const first = await open((await start('operator')).url);
    expect(first.html).not.toContain('role="alert"');
    expect(first.html).toMatch(/<input id="username"[^>]* autofocus>/);
    expect(first.html).not.toMatch(/<input id="password"[^>]* autofocus>/);
    const again = await (await post('operator', first, { username: 'admin', password: 'wrong-password' })).text();
    expect(again).toMatch(/<p role="alert" id="error">[^<]+<\/p>/);
    expect(again).toMatch(/<input id="password"[^>]* autofocus>/);
    expect(again).not.toMatch(/<input id="username"[^>]* autofocus>/);
  });

  it('answers 404 for a realm that does not exist', async () => {
    const page = await open(`${base}/iam/realms/no-such-realm/authorize?client_id=console`);
    expect(page.status).toBe(404);
  });
});

describe('POST /iam/realms/{realm}/authorize', () => {
  it('shows the page again after a wrong password (401, the name kept and escaped), then throttles the username from this address as the token endpoint does', async () => {
    const operator = await t.operator();
    await t.request('POST', '/iam/realms/operator/users', operator, {
      username: 'locked-out',
      password: 'right-password-1',
    });
    let page = await open((await start('operator')).url);
    const wrong = await post('operator', page, { username: '<b>locked-out</b>', password: 'nope' });
    expect(wrong.status).toBe(401);
    const html = await wrong.text();
    expect(html).toContain('&lt;b&gt;locked-out&lt;/b&gt;');
    expect(html).toContain('role="alert"');
    // Three free failures, and a fourth that is still checked and starts the first wait.
    for (let attempt = 0; attempt < 4; attempt++) {
      page = await open((await start('operator')).url);
      expect((await post('operator', page, { username: 'locked-out', password: 'nope' })).status).toBe(401);
    }
    page = await open((await start('operator')).url);
    const locked = await post('operator', page, { username: 'locked-out', password: 'right-password-1' });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('1');
    expect(await locked.text()).toContain('too many failed sign-ins; retry in 1 s');
  });

  it('refuses a form without its cookie, with another cookie, from another site, or carrying a request it did not sign', async () => {
    const page = await open((await start('operator')).url);
    expect((await post('operator', { ...page, cookie: '' }, ADMIN)).status).toBe(400);
    expect((await post('operator', { ...page, cookie: 'iam_csrf=forged' }, ADMIN)).status).toBe(400);
    expect((await post('operator', page, ADMIN, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post('operator', page, ADMIN, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect(
      (await post('operator', { ...page, fields: { ...page.fields, request: `${page.fields.request}x` } }, ADMIN))
        .status,
    ).toBe(400);
    // Still usable as sent.
    expect((await post('operator', page, ADMIN)).status).toBe(303);
  });
});
