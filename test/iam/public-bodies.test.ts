import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { type LogLine, startLoggedApp } from '../platform/http/logged-app.js';
import { signInPageFields } from './iam-kit.js';

/**
 * The public routes that read a body before anyone is authenticated take at most 64 KB (DECISIONS §14), refused
 * from the Content-Length before a byte of the body is read, or as soon as a chunked body passes it; and the sign-in
 * form refuses an `Origin` that is no URL as a cross-site form (403), with no error in the log.
 */
const { t, log } = await startLoggedApp();
afterAll(() => t.close());
await t.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = t.app.server.address() as AddressInfo;

const LIMIT = 64 * 1024;
const SIGN_IN_FORM = '/iam/realms/operator/authorize';
const BODY_ENDPOINTS = ['/iam/tokens', '/iam/tokens/oauth', '/iam/tokens/revoke', '/iam/tokens/introspect'];

/** A JSON body of exactly `size` bytes that is valid JSON. */
const jsonOf = (size: number) => {
  const head = '{"realmName":"operator","username":"admin","password":"';
  return `${head}${'x'.repeat(size - head.length - 2)}"}`;
};

/** A raw HTTP request: the head with `headers`, then `chunks` written one by one unless the answer came first. */
function raw(path: string, headers: Record<string, string | number>, chunks: Buffer[]) {
  return new Promise<{ status: number; body: string; written: number }>((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode!, body, written }));
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const next = () => {
      if (answered || chunks.length === 0) return;
      written += chunks[0]!.length;
      req.write(chunks.shift()!, () => setTimeout(next, 5));
    };
    req.flushHeaders();
    next();
  });
}

const errorsLogged = () => log.lines().filter((line: LogLine) => Number(line.level) >= 50);

describe('public bodies over 64 KB', () => {
  it.each(BODY_ENDPOINTS)(
    '%s: 413 in the error shape for a body of 64 KB + 1, its own answer at 64 KB',
    async (url) => {
      const over = await t.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: jsonOf(LIMIT + 1),
      });
      expect(over.statusCode, over.body).toBe(413);
      expect(over.json()).toEqual({
        error: expect.any(String),
        message: 'the request body is larger than the server accepts',
        path: url,
        status: 413,
        timestamp: expect.any(Number),
      });
      const at = await t.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: jsonOf(LIMIT),
      });
      expect(at.statusCode, at.body).not.toBe(413);
      expect(at.statusCode).toBeLessThan(500);
    },
  );

  it('refuses from the Content-Length alone: the answer comes before the body is sent', async () => {
    for (const url of [...BODY_ENDPOINTS, SIGN_IN_FORM]) {
      // Only the head is sent; the body never comes. Reading it would wait for the body deadline (408) instead.
      const answer = await raw(url, { 'content-type': 'application/json', 'content-length': 1_048_576 }, []);
      expect(answer.status, `${url} ${answer.body}`).toBe(413);
    }
  });

  it('stops reading a chunked body once it passes 64 KB: the answer comes while the client is still sending', async () => {
    // 2 MB offered in 4 KB chunks, 5 ms apart: the 413 comes long before the last one.
    const chunks = Array.from({ length: 512 }, () => Buffer.alloc(4096, '['));
    const headers = { 'content-type': 'application/json', 'transfer-encoding': 'chunked' };
    const answer = await raw('/iam/tokens', headers, chunks);
    expect(answer.status).toBe(413);
    expect(answer.written).toBeLessThan(1024 * 1024);
  });

  it('the sign-in form: 413 (the page saying the form is too large) for a form of 64 KB + 1', async () => {
    const over = await t.inject({
      method: 'POST',
      url: SIGN_IN_FORM,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${'x'.repeat(LIMIT)}`,
    });
    expect(over.statusCode).toBe(413);
    expect(over.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('POST /iam/realms/{realm}/authorize with a malformed Origin', () => {
  it.each(['garbage', 'http://[', 'http://', '://x', 'http://a b'])(
    'Origin: %s is a cross-site form (403), not a fault',
    async (origin) => {
      const challenge = createHash('sha256').update(randomBytes(32)).digest('base64url');
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: 'console',
        redirect_uri: `${t.config.publicBaseUrl}/console/callback`,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      const page = await t.inject({ method: 'GET', url: `${SIGN_IN_FORM}?${query}` });
      expect(page.statusCode, page.body).toBe(200);
      log.clear();
      const posted = await t.inject({
        method: 'POST',
        url: SIGN_IN_FORM,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: String(page.headers['set-cookie']).split(';')[0]!,
          origin,
        },
        payload: new URLSearchParams({ ...signInPageFields(page.body), username: 'admin', password: 'x' }).toString(),
      });
      expect(posted.statusCode, posted.body).toBe(403);
      expect(posted.body).toContain('This form was sent from another site');
      expect(errorsLogged()).toEqual([]);
    },
  );
});
