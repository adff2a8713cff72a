import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { OPERATOR_SECRET, type TestApp } from '../support/test-app.js';

/**
 * TOKEN_RATE_LIMIT=5 a minute per client address. `proxied` trusts 127.0.0.1 as a proxy (its X-Real-Ip is the
 * client); `direct` trusts no proxy. Each test uses addresses of its own, so allowances never mix between tests.
 */
const { t: proxied } = await useApp({ env: { TOKEN_RATE_LIMIT: '5', TRUSTED_PROXIES: '127.0.0.1' } });
const { t: direct } = await useApp({ env: { TOKEN_RATE_LIMIT: '5' } });

/** A cheap token request (refused before any password hashing), from `remoteAddress`, maybe via X-Real-Ip. */
async function send(
  t: TestApp,
  remoteAddress: string,
  realIp?: string,
  url = '/iam/tokens',
  body: Record<string, string> = { grantType: 'nonsense' },
) {
  const res = await t.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'content-type': 'application/json', ...(realIp ? { 'x-real-ip': realIp } : {}) },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers };
}

async function spend(t: TestApp, count: number, remoteAddress: string, realIp?: (i: number) => string) {
  for (let i = 0; i < count; i++) expect((await send(t, remoteAddress, realIp?.(i))).status).toBe(400);
}

describe('token endpoints, rate limit per client', () => {
  it('answers the 6th request in a minute with 429 in the simple error shape and Retry-After', async () => {
    await spend(proxied, 5, '10.1.0.1');
    const limited = await send(proxied, '10.1.0.1');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: 'Too Many Requests',
      message: expect.stringContaining('too many token requests'),
      path: '/iam/tokens',
      status: 429,
      timestamp: expect.any(Number),
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('refuses even a request with good credentials once the allowance is spent, and serves other clients', async () => {
    await spend(proxied, 5, '10.1.0.2');
    const good = { realmName: 'operator', grantType: 'client_credentials', clientSecret: OPERATOR_SECRET };
    expect((await send(proxied, '10.1.0.2', undefined, '/iam/tokens', good)).status).toBe(429);
    expect((await send(proxied, '10.1.0.3', undefined, '/iam/tokens', good)).status).toBe(200);
  });

  it('counts /iam/tokens and /iam/tokens/oauth against one allowance', async () => {
    await spend(proxied, 3, '10.1.0.4');
    for (let i = 0; i < 2; i++)
      expect((await send(proxied, '10.1.0.4', undefined, '/iam/tokens/oauth')).status).toBe(400);
    const limited = await send(proxied, '10.1.0.4', undefined, '/iam/tokens/oauth');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 429, path: '/iam/tokens/oauth' });
  });
});

describe('revocation and introspection, rate limit per client', () => {
  it("count against the token endpoints' allowance, so guesses at a client secret cannot be spread over them", async () => {
    await spend(proxied, 3, '10.1.0.6');
    expect((await send(proxied, '10.1.0.6', undefined, '/iam/tokens/revoke', { token: 'x' })).status).toBe(401);
    expect((await send(proxied, '10.1.0.6', undefined, '/iam/tokens/introspect', { token: 'x' })).status).toBe(401);
    const limited = await send(proxied, '10.1.0.6', undefined, '/iam/tokens/introspect', { token: 'x' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 429, path: '/iam/tokens/introspect' });
    expect((await send(proxied, '10.1.0.6', undefined, '/iam/tokens/revoke', { token: 'x' })).status).toBe(429);
  });
});

describe('token endpoints, X-Real-Ip', () => {
  it('gives each X-Real-Ip sent by a trusted proxy an allowance of its own', async () => {
    await spend(proxied, 5, '127.0.0.1', () => '198.51.100.1');
    expect((await send(proxied, '127.0.0.1', '198.51.100.2')).status).toBe(400);
    expect((await send(proxied, '127.0.0.1', '198.51.100.1')).status).toBe(429);
  });

  it('ignores X-Real-Ip from a peer that is not a trusted proxy: distinct values share the peer allowance', async () => {
    await spend(proxied, 5, '10.1.0.5', (i) => `198.51.100.${10 + i}`);
    expect((await send(proxied, '10.1.0.5', '198.51.100.99')).status).toBe(429);
  });

  it('ignores X-Real-Ip altogether when no proxy is trusted', async () => {
    await spend(direct, 5, '127.0.0.1', (i) => `203.0.113.${i + 1}`);
    expect((await send(direct, '127.0.0.1', '203.0.113.50')).status).toBe(429);
  });
});
