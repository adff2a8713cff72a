import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from '../../src/platform/clock.js';
import { createUser, signInPageFields } from '../iam/iam-kit.js';
import { useApp } from '../support/fixture.js';
import { type Json, type Operation, operationsOf, resolve } from './openapi-operations.js';

/**
 * Sign-in never tells who exists (DECISIONS §2), generated from the OpenAPI document: every public operation whose
 * body takes a `password`, in each media type it declares, is a sign-in path. On each, a known user with wrong
 * passwords and an unknown user, each from an address of its own, make the same attempts: the free ones (401), the
 * one that starts the wait (401), one made too early (429), and one made too early with the known user's right
 * password. Their answers must be the same: status, body (timestamp removed, the username and the page's one-time
 * values replaced), and headers (the cookie's value removed). Their time too, within what a busy machine allows.
 */
const FREE = 2;
// Standing still, so a wait's Retry-After is the same whenever the answer is computed.
const clock = new ManualClock(systemClock.now());
// A hash that costs something (~20-40 ms), so a path skipping it for unknown users would show in the timing.
const { t, operator } = await useApp({
  env: {
    SIGN_IN_FREE_ATTEMPTS: String(FREE),
    TRUSTED_PROXIES: '127.0.0.1',
    TOKEN_RATE_LIMIT: '100000',
    PASSWORD_HASH_COST: '14',
  },
  clock,
  operator: true,
});
const doc = t.app.swagger() as Json;

interface SignInPath {
  operation: Operation;
  mediaType: string;
}

/** Public operations whose body has a `password` field, once per media type. */
function signInPaths(): SignInPath[] {
  const raw = doc.paths as Json;
  return operationsOf(doc).flatMap((operation) => {
    if (operation.authenticated || !operation.body) return [];
    const content: Json = raw[operation.path][operation.method.toLowerCase()].requestBody.content;
    return Object.entries<Json>(content)
      .filter(([, media]) => resolve(doc, media.schema).properties?.password !== undefined)
      .map(([mediaType]) => ({ operation, mediaType }));
  });
}

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

const encode = (mediaType: string, fields: Record<string, string>) =>
  mediaType === 'application/json' ? JSON.stringify(fields) : new URLSearchParams(fields).toString();

async function send(url: string, mediaType: string, fields: Record<string, string>, from: string, cookie?: string) {
  const res = await t.inject({
    method: 'POST',
    url,
    headers: { 'content-type': mediaType, 'x-real-ip': from, ...(cookie ? { cookie } : {}) },
    payload: encode(mediaType, fields),
  });
  return { status: res.statusCode, headers: res.headers as Record<string, unknown>, body: res.body };
}

/** The operator realm's sign-in page for the console, as a browser opens it: its hidden fields and cookie. */
async function openSignInPage(from: string) {
  const challenge = createHash('sha256').update(randomBytes(32)).digest('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: 'console',
    redirect_uri: 'http://localhost:8080/console/callback',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'enumeration',
  });
  const page = await t.inject({
    method: 'GET',
    url: `/iam/realms/operator/authorize?${query}`,
    headers: { 'x-real-ip': from },
  });
  expect(page.statusCode, page.body).toBe(200);
  const cookie = String(page.headers['set-cookie']).split(';')[0]!;
  return { fields: signInPageFields(page.body), cookie };
}

/** How each sign-in path is driven: one attempt of `username`/`password` from `from`. A new path needs a driver here. */
const drivers: Record<string, (path: SignInPath, username: string, password: string, from: string) => Promise<Answer>> =
  {
    getUserToken: (path, username, password, from) =>
      send(path.operation.path, path.mediaType, { realmName: 'operator', username, password }, from),
    getTokenOAuth: (path, username, password, from) =>
      send(
        path.operation.path,
        path.mediaType,
        { grant_type: 'password', realm: 'operator', username, password },
        from,
      ),
    authorizeSignIn: async (path, username, password, from) => {
      const page = await openSignInPage(from);
      const url = path.operation.path.replace('{realm}', 'operator');
      return send(url, path.mediaType, { ...page.fields, username, password }, from, page.cookie);
    },
  };

/**
 * What may differ between two answers that say the same: the time, the request id, the username, and the page's
 * one-time values (hidden fields, the cookie's value, the style nonce), and the second the rate limiter's window of
 * the address ends at (its own wall clock: two answers may straddle a second).
 */
function comparable(answer: Answer, username: string) {
  const {
    date,
    'x-request-id': requestId,
    'set-cookie': cookie,
    'content-length': length,
    ...headers
  } = answer.headers;
  expect([date, requestId, length]).not.toContain(undefined);
  const oneTime = (text: string) =>
    text
      .replace(/(<input type="hidden" name="\w+" value=")[^"]*"/g, '$1…"')
      .replace(/nonce-[A-Za-z0-9+/=]+/g, 'nonce-…')
      .replace(/nonce="[^"]*"/g, 'nonce="…"');
  let body = answer.body.replaceAll(username, '<username>');
  try {
    const { timestamp, ...rest } = JSON.parse(body) as Json;
    expect(typeof timestamp).toBe('number');
    body = JSON.stringify(rest);
  } catch {
    body = oneTime(body);
  }
  return {
    status: answer.status,
    headers: {
      ...headers,
      'content-security-policy': oneTime(String(headers['content-security-policy'] ?? '')),
      'set-cookie': cookie === undefined ? undefined : String(cookie).replace(/=[^;]*/, '=…'),
      'x-ratelimit-reset': /^\d+$/.test(String(headers['x-ratelimit-reset']))
        ? 'seconds'
        : headers['x-ratelimit-reset'],
    },
    body,
  };
}

let addresses = 0;
const newAddress = () => `198.18.7.${++addresses}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const paths = signInPaths();

describe('sign-in answers the same for an unknown username as for a wrong password', () => {
  it('finds every sign-in path of the document, and has a driver for each', () => {
    expect(paths.map((path) => `${path.operation.id} ${path.mediaType}`).sort()).toEqual([
      'authorizeSignIn application/x-www-form-urlencoded',
      'getTokenOAuth application/json',
      'getTokenOAuth application/x-www-form-urlencoded',
      'getUserToken application/json',
    ]);
    for (const path of paths) expect(drivers[path.operation.id], path.operation.id).toBeDefined();
  });

  it.each(paths.map((path) => [`${path.operation.id} (${path.mediaType})`, path] as const))(
    '%s: the same status, body and headers, before and once throttled',
    async (_name, path) => {
      const drive = drivers[path.operation.id]!;
      const known = await createUser(t, 'operator', operator, { username: `enum-${randomBytes(5).toString('hex')}` });
      const unknown = `enum-${randomBytes(5).toString('hex')}`;
      const [knownFrom, unknownFrom] = [newAddress(), newAddress()];
      const attempts = [...Array.from({ length: FREE + 2 }, (_, i) => `wrong-${i}`), 'right'];
      const statuses: number[] = [];
      for (const password of attempts) {
        const ofKnown = await drive(path, known.username, password === 'right' ? known.password : password, knownFrom);
        const ofUnknown = await drive(path, unknown, password, unknownFrom);
        expect(comparable(ofUnknown, unknown), password).toEqual(comparable(ofKnown, known.username));
        statuses.push(ofKnown.status);
      }
      expect(statuses).toEqual([...Array(FREE + 1).fill(401), 429, 429]);
    },
  );

  it.each(paths.map((path) => [`${path.operation.id} (${path.mediaType})`, path] as const))(
    '%s: a wrong password takes as long as an unknown username',
    async (_name, path) => {
      const drive = drivers[path.operation.id]!;
      const known = await createUser(t, 'operator', operator);
      const [ofKnown, ofUnknown]: number[][] = [[], []];
      // Interleaved, each from a new address (never throttled), so load on the machine weighs on both alike.
      for (let i = 0; i < 5; i++) {
        for (const [times, username] of [
          [ofKnown, known.username],
          [ofUnknown, `nobody-${i}`],
        ] as const) {
          const started = performance.now();
          expect((await drive(path, username, 'wrong', newAddress())).status).toBe(401);
          times.push(performance.now() - started);
        }
      }
      const ratio = median(ofUnknown) / median(ofKnown);
      expect(ratio, `${median(ofUnknown)} ms against ${median(ofKnown)} ms`).toBeGreaterThan(0.6);
      expect(ratio, `${median(ofUnknown)} ms against ${median(ofKnown)} ms`).toBeLessThan(1.6);
    },
  );
});
