import { randomBytes } from 'node:crypto';
import { decodeJwt, importJWK, type JWK, type JWTPayload, SignJWT } from 'jose';
import { expect } from 'vitest';
import type { Json } from '../support/json.js';
import { ADMIN_PASSWORD, type TestApp } from '../support/test-app.js';
import { unique } from '../support/unique.js';

/** Small factories and checks shared by the Token API tests. */

export type { Json } from '../support/json.js';

export { unique };

export const claimsOf = (jwt: string): Json => decodeJwt(jwt) as Json;

/** POST /iam/tokens with a JSON body, whatever the answer. */
export function tokenRequest(t: TestApp, body: Json, headers: Record<string, string> = {}) {
  return t.request('POST', '/iam/tokens', undefined, body, headers);
}

export function adminLogin(t: TestApp, extra: Json = {}) {
  return t.token({ realmName: 'operator', username: 'admin', password: ADMIN_PASSWORD, ...extra });
}

/** A realm user made through POST /iam/realms/{realm}/users; the password is returned for logging in. */
export async function createUser(
  t: TestApp,
  realm: string,
  token: string,
  overrides: Json = {},
): Promise<Json & { id: string; username: string; password: string }> {
  const input = { username: unique('user'), password: `pw-${randomBytes(6).toString('hex')}`, ...overrides };
  const res = await t.request('POST', `/iam/realms/${realm}/users`, token, input);
  if (res.status !== 201) throw new Error(`user creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...(res.body as { id: string; username: string }), password: input.password as string };
}

export function userLogin(t: TestApp, realm: string, user: { username: string; password: string }, extra: Json = {}) {
  return t.token({ realmName: realm, username: user.username, password: user.password, ...extra });
}

/** The status a protected, harmless read answers for this token. */
export async function termsStatus(t: TestApp, token: string): Promise<number> {
  return (await t.request('GET', '/terms', token)).status;
}

/** The simple error shape plus OAuth's fields (docs/product-decisions.md §2). */
export function expectOAuthError(
  res: { status: number; body: unknown },
  status: number,
  code: string,
  path = '/iam/tokens',
) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = res.body as Json;
  expect(body).toEqual({
    error: code,
    error_description: expect.any(String),
    message: expect.any(String),
    path,
    status,
    timestamp: expect.any(Number),
  });
  expect(body.error_description).toBe(body.message);
  expect(Math.abs(body.timestamp - Date.now())).toBeLessThan(60_000);
}

/** The plain simple error shape `{error, message, path, status, timestamp}`. */
export function expectSimpleError(res: { status: number; body: unknown }, status: number, path: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({
    error: expect.any(String),
    message: expect.any(String),
    path,
    status,
    timestamp: expect.any(Number),
  });
}

/** Signs a token with the platform's own current private key, read from the database as an attacker with the key would. */
export async function signWithPlatformKey(t: TestApp, payload: JWTPayload, header: Json = {}): Promise<string> {
  const { rows } = await t.built.db.query<{ kid: string; private_jwk: JWK }>(
    'SELECT kid, private_jwk FROM iam_signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC LIMIT 1',
  );
  const row = rows[0]!;
  const key = await importJWK(row.private_jwk, 'RS256');
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: row.kid, typ: 'JWT', ...header }).sign(key);
}

export const b64url = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** RFC 6749 §2.3.1 HTTP Basic client authentication: id and secret form-encoded, then base64. */
export const basicAuth = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** POST a form (string or fields) to an OAuth endpoint, whatever the answer. */
export async function postForm(
  t: TestApp,
  url: string,
  form: string | Record<string, string>,
  headers: Record<string, string> = {},
) {
  const payload = typeof form === 'string' ? form : new URLSearchParams(form).toString();
  const res = await t.inject({ method: 'POST', url, headers: { ...FORM, ...headers }, payload });
  return {
    status: res.statusCode,
    body: (res.body ? res.json() : undefined) as Json,
    headers: res.headers,
    text: res.body,
  };
}

/** The hidden fields of the realm's sign-in page (the sealed request, the CSRF value), as its form posts them. */
export function signInPageFields(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&amp;/g, '&'),
    ]),
  );
}
