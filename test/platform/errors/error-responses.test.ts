import { describe, expect, it } from 'vitest';
import { useApp } from '../../support/fixture.js';
import type { TestApp } from '../../support/test-app.js';
import { createItem, expectSimpleError, TERMS } from '../../terms/terms-factories.js';

const { t, operator } = await useApp({ operator: true });
const { t: small } = await useApp({ env: { BODY_LIMIT: '2048' } });

async function raw(
  app: TestApp,
  method: 'POST' | 'PUT',
  url: string,
  payload: string,
  contentType = 'application/json',
  token?: string,
) {
  const res = await app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${token ?? (await app.operator())}`, 'content-type': contentType },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as unknown, headers: res.headers };
}

describe('error responses', () => {
  it('answers 400 for malformed JSON', async () => {
    const res = await raw(t, 'POST', '/terms', '{"template": "x",');
    expectSimpleError(res, 400, 'the body is not valid JSON');
    expect((res.body as any).path).toBe('/terms');
    expect((res.body as any).error).toBe('Bad Request');
  });

  it('answers 400 for an empty JSON body', async () => {
    expectSimpleError(await raw(t, 'POST', '/terms', ''), 400, 'the body is empty');
  });

  it('answers 415 for a text/plain body', async () => {
    const res = await raw(t, 'POST', '/terms', JSON.stringify(TERMS.body()), 'text/plain; charset=utf-8');
    expectSimpleError(res, 415, 'content type text/plain is not supported here; send application/json');
    expect((res.body as any).error).toBe('Unsupported Media Type');
  });

  it('answers 415 naming a malformed Content-Type header as such', async () => {
    expectSimpleError(
      await raw(t, 'POST', '/terms', '{}', 'nonsense'),
      415,
      'the Content-Type header "nonsense" is not a valid media type',
    );
  });

  it('names the types a route takes in its 415: forms too on the token endpoint', async () => {
    expectSimpleError(
      await raw(t, 'POST', '/iam/tokens', 'x', 'text/plain'),
      415,
      'send application/json or application/x-www-form-urlencoded',
    );
  });

  it('answers 415 for a form body', async () => {
    expectSimpleError(await raw(t, 'PUT', '/terms/x', 'template=x', 'application/x-www-form-urlencoded'), 415);
  });

  it('answers 413 for a body over BODY_LIMIT, and takes one under it', async () => {
    const big = JSON.stringify(TERMS.body({ template: 'x'.repeat(3000) }));
    expectSimpleError(await raw(small, 'POST', '/terms', big), 413, 'larger than the server accepts');
    expect(
      (await raw(small, 'POST', '/terms', JSON.stringify(TERMS.body({ template: 'x'.repeat(1500) })))).status,
    ).toBe(201);
  });

  it('answers 404 for an unknown route, without the query in the path', async () => {
    const res = await t.request('GET', '/no-such-thing?x=1', operator);
    expectSimpleError(res, 404, 'no route GET /no-such-thing');
    expect((res.body as any).path).toBe('/no-such-thing');
  });

  it.each([
    ['DELETE', '/terms/some-id', 'GET, HEAD, PUT'],
    ['PATCH', '/terms?size=1', 'GET, HEAD, POST'],
    ['PUT', '/assets', 'GET, HEAD, POST, DELETE'],
    ['POST', '/health/live', 'GET, HEAD'],
    ['GET', '/iam/tokens/invalidate', 'DELETE'],
  ])('answers 405 with Allow for %s on %s, a path that exists under other methods', async (method, url, allow) => {
    const res = await t.request(method as 'GET', url, operator);
    expectSimpleError(res, 405, `${method} is not allowed on ${url.split('?')[0]}; it takes ${allow}`);
    expect(res.headers.allow).toBe(allow);
    expect((res.body as any).error).toBe('Method Not Allowed');
  });

  it('answers 405 before asking for a token, and HEAD wherever GET is', async () => {
    const res = await t.request('DELETE', '/terms/some-id', undefined);
    expect(res.status).toBe(405);
    expect((await t.inject({ method: 'HEAD', url: '/health/live' })).statusCode).toBe(200);
  });

  it('answers 401 with a Bearer challenge when the token is missing, malformed or forged (RFC 6750 §3.1)', async () => {
    // No bearer token at all: the bare challenge.
    for (const authorization of [undefined, 'Bearer', 'Basic dXNlcjpwYXNz']) {
      const res = await t.inject({ method: 'GET', url: '/terms', headers: authorization ? { authorization } : {} });
      expectSimpleError({ status: res.statusCode, body: JSON.parse(res.body) }, 401);
      expect(res.headers['www-authenticate'], String(authorization)).toBe('Bearer');
    }
    // A token that is not valid: the challenge names invalid_token.
    for (const authorization of ['Bearer not.a.jwt', `Bearer ${operator.slice(0, -4)}abcd`]) {
      const res = await t.inject({ method: 'GET', url: '/terms', headers: { authorization } });
      expectSimpleError({ status: res.statusCode, body: JSON.parse(res.body) }, 401);
      expect(res.headers['www-authenticate'], authorization).toMatch(/^Bearer error="invalid_token"/);
    }
  });

  it('answers 401 before looking at the body', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/terms',
      payload: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(401);
  });
});

const big = '9'.repeat(400);
const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const termsWith = (extra: string) => JSON.stringify(TERMS.body()).replace(/}$/, `,${extra}}`);

const HOSTILE_BODIES: [string, string][] = [
  ['null', 'null'],
  ['an array', '[{"template":"x"}]'],
  ['a string', '"terms"'],
  ['a number', '42'],
  ['a huge number as dbVersion', termsWith(`"dbVersion":${big}`)],
  ['1e400 as dbVersion', termsWith('"dbVersion":1e400')],
  ['a negative dbVersion', termsWith('"dbVersion":-1')],
  ['a huge number as template', JSON.stringify(TERMS.body()).replace('"tpl"', big)],
  ['a __proto__ key', termsWith('"__proto__":{"isAdmin":true}')],
  ['a constructor.prototype key', termsWith('"constructor":{"prototype":{"isAdmin":true}}')],
  ['a nested __proto__ key', termsWith('"lastUpdater":{"__proto__":{"x":1}}')],
  ['deeply nested garbage', termsWith(`"garbage":${deep(5000)}`)],
  ['deeply nested arrays', termsWith(`"garbage":${'['.repeat(20000)}${']'.repeat(20000)}`)],
  ['a NUL character', JSON.stringify(TERMS.body({ template: 'a\u0000b' }))],
  ['an unpaired surrogate', JSON.stringify(TERMS.body()).replace('"tpl"', '"a\\ud800b"')],
  ['a NUL in an unknown field', termsWith('"junk":"\\u0000"')],
  ['an object where a string belongs', JSON.stringify(TERMS.body({ template: { $gt: '' } }))],
  ['an invalid date', JSON.stringify(TERMS.body({ startDate: '2026-02-30T25:61:00Z' }))],
  ['a duplicate key', termsWith('"model":"NOPE"')],
];

describe('hostile input', () => {
  it.each(HOSTILE_BODIES)('answers a create with %s below 500', async (_name, payload) => {
    const res = await raw(t, 'POST', '/terms', payload);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    if (res.status >= 400) expectSimpleError(res, res.status);
  });

  it.each(HOSTILE_BODIES)('answers an update with %s below 500', async (_name, payload) => {
    const created = await createItem(t, operator, TERMS);
    const res = await raw(t, 'PUT', `/terms/${created.id}`, payload);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  });

  it('answers 400 naming the field for a NUL character or an unpaired surrogate', async () => {
    expectSimpleError(
      await raw(t, 'POST', '/terms', JSON.stringify(TERMS.body({ locale: 'fr\u0000' }))),
      400,
      'body.locale must not contain NUL',
    );
    const map = JSON.stringify({
      startDate: '2026-01-01T00:00:00Z',
      cancelPeriod: 'a',
      corporateUrl: 'b',
      contactForm: 'c',
      providerSasCapital: 'd',
      cancelPeriodI18nConfiguration: { fr: { '\ud800': 'x' } },
    });
    expectSimpleError(await raw(t, 'POST', '/company-terms', map), 400, 'body.cancelPeriodI18nConfiguration.fr.');
  });

  // '"0"' would match the new record: an unbalanced quote around the current version is still refused.
  it.each([`"${'9'.repeat(400)}"`, 'W/"-1"', '"1e3"', '\u0000'.repeat(3), 'x'.repeat(8000), '"0', '0"', 'W/0'])(
    'answers 412 to a PUT with If-Match %s',
    async (ifMatch) => {
      const created = await createItem(t, operator, TERMS);
      const res = await t.request('PUT', `/terms/${created.id}`, operator, TERMS.body(), { 'if-match': ifMatch });
      expectSimpleError(res, 412);
    },
  );

  it('keeps a __proto__ key from reaching any object', async () => {
    await raw(t, 'POST', '/terms', termsWith('"__proto__":{"polluted":true}'));
    expect(({} as any).polluted).toBeUndefined();
  });

  it.each([
    ['page=1e400'],
    ['page=99999999999999999999'],
    ['size=1e3'],
    ['sort=%00'],
    ['status=a%00b'],
    ['status=%ED%A0%80'],
    [`predicate=${encodeURIComponent('{"status":"\\ud800"}')}`],
    [`predicate=${encodeURIComponent('{"status":"\\u0000"}')}`],
    [`predicate=${encodeURIComponent('{"status":{"$ne":null}}')}`],
    [`predicate=${encodeURIComponent('[]')}`],
    ['predicate=null'],
    [`pageable=${encodeURIComponent('{"page":1e308,"size":1}')}`],
    [`pageable=${encodeURIComponent('{"sort":[{"a":1}]}')}`],
    [`pageable=${encodeURIComponent(deep(3000))}`],
    ['target=%00'],
    ['__proto__=x'],
    ['constructor=x'],
  ])('answers GET /terms?%s below 500', async (query) => {
    const res = await t.request('GET', `/terms?${query}`, operator);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    if (res.status >= 400) expectSimpleError(res, res.status);
  });

  it.each(['recap', 'unwind'])('answers GET /terms/%s with hostile targets below 500', async (op) => {
    for (const target of ['%00', '__proto__', 'constructor', 'a.b.c.d', '.', '..', 'template.length']) {
      const res = await t.request('GET', `/terms/${op}?target=${target}`, operator);
      expectSimpleError(res, 400);
    }
  });
});
