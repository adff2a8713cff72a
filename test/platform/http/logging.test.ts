import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redactUrl } from '../../../src/platform/http/logging.js';
import { OPERATOR_SECRET, type TestApp } from '../../support/test-app.js';
import { type LogCapture, startLoggedApp } from './logged-app.js';

let t: TestApp;
let log: LogCapture;
let operator: string;
beforeAll(async () => {
  ({ t, log } = await startLoggedApp());
  operator = await t.operator();
});
afterAll(() => t.close());

describe('request logs', () => {
  it("carry the caller's X-Request-Id on every line logged while serving the request", async () => {
    log.clear();
    const res = await t.request('GET', '/terms?size=1', operator, undefined, { 'x-request-id': 'req-log-1' });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('req-log-1');
    const lines = log.lines();
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(lines.filter((l) => l.reqId !== 'req-log-1')).toEqual([]);
  });

  it('carry the generated id, the one echoed in X-Request-Id, also on lines a handler logs', async () => {
    log.clear();
    const down = vi.spyOn(t.built.db, 'query').mockRejectedValueOnce(new Error('connection refused'));
    const res = await t.request('GET', '/health/ready', undefined);
    down.mockRestore();
    expect(res.status).toBe(503);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = log.lines();
    expect(lines.some((l) => l.level === 40 && String(l.msg).startsWith('not ready'))).toBe(true);
    expect(lines.filter((l) => l.reqId !== id)).toEqual([]);
  });

  it('leave healthy health checks out (a load balancer asks every few seconds), while other requests are logged', async () => {
    log.clear();
    for (const path of ['/health/live', '/health/ready'])
      expect((await t.request('GET', path, undefined)).status).toBe(200);
    expect(log.lines()).toEqual([]);
    expect((await t.request('GET', '/terms?size=1', operator)).status).toBe(200);
    expect(log.lines().map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('never contain the Authorization header nor secrets passed in the query string', async () => {
    log.clear();
    const basic = Buffer.from(`operator:${OPERATOR_SECRET}`).toString('base64');
    await t.request('GET', '/terms', operator, undefined, { cookie: 'session=cookie-secret' });
    const oauth = await t.inject({
      method: 'POST',
      url: `/iam/tokens/oauth?grant_type=client_credentials&client_id=operator&client_secret=${OPERATOR_SECRET}`,
      headers: { authorization: `Basic ${basic}` },
    });
    expect(oauth.statusCode).toBe(200);
    const text = log.text();
    for (const secret of [operator, basic, OPERATOR_SECRET, 'cookie-secret']) expect(text).not.toContain(secret);
    const logged = log
      .lines()
      .find((l) => l.msg === 'incoming request' && String((l.req as any).url).startsWith('/iam/tokens/oauth'));
    expect((logged!.req as any).url).toBe(
      '/iam/tokens/oauth?grant_type=client_credentials&client_id=operator&client_secret=[redacted]',
    );
  });
});

describe('redactUrl', () => {
  it('hides secret query parameters and keeps the others', () => {
    expect(redactUrl('/x?password=p&refresh_token=r&clientSecret=s&code=c&api_key=k&size=5&countryCode=FR')).toBe(
      '/x?password=[redacted]&refresh_token=[redacted]&clientSecret=[redacted]&code=[redacted]&api_key=[redacted]&size=5&countryCode=FR',
    );
    expect(redactUrl('/terms/abc')).toBe('/terms/abc');
  });
});
