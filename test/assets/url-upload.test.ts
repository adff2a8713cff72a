import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSimpleError } from '../terms/terms-factories.js';
import { type AssetApp, pathOf, sha256, stagedFiles, startAssetApp, upload } from './asset-kit.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function listen(handler: Handler): Promise<{ server: Server; base: string; port: number; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://127.0.0.1:${port}`, port, hits };
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

let origin: Awaited<ReturnType<typeof listen>>;
let forbidden: Awaited<ReturnType<typeof listen>>;
let a: AssetApp;
let operator: string;

beforeAll(async () => {
  // The one server the app may reach: allow-listed by address and port.
  origin = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
    if (hop) {
      const left = Number(hop[1]);
      res.writeHead(302, { location: left > 0 ? `/hop/${left - 1}` : '/files/logo.png' }).end();
    } else if (url.pathname === '/files/logo.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length }).end(PNG);
    } else if (url.pathname === '/to-forbidden') {
      res.writeHead(301, { location: `${forbidden.base}/secret` }).end();
    } else if (url.pathname === '/to-localhost') {
      res.writeHead(307, { location: `http://localhost:${forbidden.port}/secret` }).end();
    } else if (url.pathname === '/big') {
      res
        .writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': 6000 })
        .end(Buffer.alloc(6000));
    } else if (url.pathname === '/big-chunked') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.write(Buffer.alloc(3000));
      res.end(Buffer.alloc(3000));
    } else if (url.pathname === '/slow') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('never finished');
    } else if (url.pathname === '/empty') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 0 }).end();
    } else if (url.pathname === '/report') {
      res.writeHead(200, { 'content-type': 'text/csv; charset=UTF-8' }).end('a,b\n');
    } else {
      res.writeHead(404).end('nope');
    }
  });
  // Another loopback port that is not allow-listed: the app must never reach it.
  forbidden = await listen((_req, res) => res.end('internal secret'));
  a = await startAssetApp({
    OUTBOUND_ALLOWLIST: `127.0.0.1:${origin.port}`,
    ASSET_MAX_BYTES: '5000',
    ASSET_URL_TIMEOUT: '1',
  });
  operator = await a.t.operator();
});

afterAll(async () => {
  await a.close();
  for (const s of [origin, forbidden]) {
    s.server.closeAllConnections();
    await new Promise((resolve) => s.server.close(resolve));
  }
});

const fromUrl = (url: string) => upload(a.t, operator, [{ name: 'url', data: url }]);

describe('POST /assets (url)', () => {
  it('fetches the file from an allow-listed server: name from the URL, type from the response', async () => {
    const res = await fromUrl(`${origin.base}/files/logo.png`);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{64}$/),
      url: `http://localhost:8080/assets/${res.body.id}/logo.png`,
      filename: 'logo.png',
      contentType: 'image/png',
      size: PNG.length,
    });
    const download = await a.t.inject({ method: 'GET', url: pathOf(res.body.url) });
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(download.headers['content-type']).toBe('image/png');
  });

  it('keeps the charset of a text response', async () => {
    const res = await fromUrl(`${origin.base}/report`);
    expect(res.body).toMatchObject({ filename: 'report', contentType: 'text/csv; charset=utf-8' });
  });

  it('follows up to 3 redirects, and answers 400 for a chain of 4', async () => {
    const followed = await fromUrl(`${origin.base}/hop/2`);
    expect(followed.status).toBe(201);
    expect(sha256((await a.t.inject({ method: 'GET', url: pathOf(followed.body.url) })).rawPayload)).toBe(sha256(PNG));
    const res = await fromUrl(`${origin.base}/hop/3`);
    expectSimpleError(res, 400, 'at most 3');
  });

  it('answers 400 when the remote answers an empty body, and keeps nothing', async () => {
    expectSimpleError(await fromUrl(`${origin.base}/empty`), 400, 'body.url answered an empty body');
  });

  it('answers 400 when the remote answers an error status', async () => {
    expectSimpleError(await fromUrl(`${origin.base}/missing`), 400, 'HTTP 404');
  });

  it('answers 413 for a document over ASSET_MAX_BYTES, declared or streamed', async () => {
    expectSimpleError(await fromUrl(`${origin.base}/big`), 413);
    expectSimpleError(await fromUrl(`${origin.base}/big-chunked`), 413);
    expect(stagedFiles(a.dataDir)).toEqual([]);
  });

  it('answers 400 when the remote does not deliver within ASSET_URL_TIMEOUT', async () => {
    const started = Date.now();
    expectSimpleError(await fromUrl(`${origin.base}/slow`), 400, 'within 1 s');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(stagedFiles(a.dataDir)).toEqual([]);
  });

  it('answers 400 for other schemes and malformed URLs', async () => {
    expectSimpleError(await fromUrl('ftp://127.0.0.1/file'), 400, 'http or https');
    expectSimpleError(await fromUrl('file:///etc/passwd'), 400, 'http or https');
    expectSimpleError(await fromUrl('not a url'), 400, 'absolute http or https URL');
  });

  it('answers 400 for a URL with credentials, without contacting the server', async () => {
    const before = origin.hits.length;
    expectSimpleError(await fromUrl(`http://user:secret@127.0.0.1:${origin.port}/files/logo.png`), 400, 'credentials');
    expect(origin.hits.length).toBe(before);
  });
});

describe('POST /assets (url): outbound address rules', () => {
  // None of these is contacted: the address is checked before any connection is opened.
  it.each([
    ['loopback', 'http://127.0.0.1/', 'loopback'],
    ['loopback on another port than the allow-listed one', 'http://127.0.0.1:1/', 'loopback'],
    ['private (RFC 1918)', 'http://10.0.0.1/', 'private'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/', 'metadata'],
    ['IPv6 loopback', 'http://[::1]/', 'loopback'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/', 'loopback'],
    ['IPv6 metadata', 'http://[fd00:ec2::254]/', 'metadata'],
    ['carrier-grade NAT', 'http://100.64.0.1/', 'carrier-grade NAT'],
    ['unspecified', 'http://0.0.0.0/', 'unspecified'],
    ['a decimal-encoded loopback', 'http://2130706433/', 'loopback'],
  ])('refuses %s with 400 naming the reason', async (_name, url, reason) => {
    const started = Date.now();
    const res = await fromUrl(url);
    expectSimpleError(res, 400, 'outbound address rules');
    expect((res.body as any).message).toContain(reason);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a redirect from the allow-listed server to a loopback port that is not allow-listed', async () => {
    const res = await fromUrl(`${origin.base}/to-forbidden`);
    expectSimpleError(res, 400, 'outbound address rules');
    expect((res.body as any).message).toMatch(
      /redirect 1 to http:\/\/127\.0\.0\.1:\d+\/secret: 127\.0\.0\.1 is a loopback address/,
    );
    expect(forbidden.hits).toEqual([]);
  });

  it('refuses a host name resolving to loopback without telling where it resolves', async () => {
    const res = await fromUrl('http://localhost/');
    expectSimpleError(
      res,
      400,
      'body.url is refused by the outbound address rules: localhost is not an allowed destination',
    );
    expect((res.body as any).message).not.toMatch(/127\.0\.0\.1|::1|loopback|resolves/);
  });

  it('refuses a redirect to a host name resolving to loopback without telling where it resolves', async () => {
    const res = await fromUrl(`${origin.base}/to-localhost`);
    expectSimpleError(
      res,
      400,
      `redirect 1 to http://localhost:${forbidden.port}/secret: localhost is not an allowed destination`,
    );
    expect((res.body as any).message).not.toMatch(/127\.0\.0\.1|::1|loopback|resolves/);
    expect(forbidden.hits).toEqual([]);
  });
});

describe('OUTBOUND_ALLOWLIST by host name', () => {
  it('lets a listed host name reach its loopback address', async () => {
    const named = await startAssetApp({ OUTBOUND_ALLOWLIST: 'localhost' });
    try {
      const res = await upload(named.t, await named.t.operator(), [
        { name: 'url', data: `http://localhost:${origin.port}/files/logo.png` },
      ]);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ filename: 'logo.png', size: PNG.length });
      // A listed name that cannot be reached: the answer names the host and the error code, not the address tried.
      const closed = await upload(named.t, await named.t.operator(), [{ name: 'url', data: 'http://localhost:1/x' }]);
      expectSimpleError(closed, 400, 'body.url could not be fetched: could not reach localhost:1 (ECONNREFUSED)');
      expect((closed.body as any).message).not.toMatch(/127\.0\.0\.1|::1/);
    } finally {
      await named.close();
    }
    // It starts an app of its own.
  }, 120_000);
});
