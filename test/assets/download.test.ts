import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { expectSimpleError } from '../terms/terms-factories.js';
import { pathOf, sha256, uniqueContent, upload, uploadFile } from './asset-kit.js';

const a = await useApp({ dataDir: true, operator: true });
const { operator } = a;

const get = (path: string, headers: Record<string, string> = {}) => a.t.inject({ method: 'GET', url: path, headers });

describe('GET /assets/{id}/{filename}', () => {
  it('serves the content without a token, with its content type, length, ETag and immutable caching', async () => {
    const content = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...uniqueContent()]);
    const uploaded = (await uploadFile(a.t, operator, content, 'logo.png', 'image/png')).body;
    const res = await get(pathOf(uploaded.url));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(content.length),
      etag: `"${uploaded.id}"`,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="logo.png"; filename*=UTF-8''logo.png`,
    });
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('round-trips a Unicode file name and the content type', async () => {
    const content = uniqueContent('ünïcödé');
    const uploaded = (await uploadFile(a.t, operator, content, 'Prix €.csv', 'text/csv')).body;
    const res = await get(pathOf(uploaded.url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Prix _.csv"; filename*=UTF-8''Prix%20%E2%82%AC.csv`,
    );
    expect(res.rawPayload.equals(content)).toBe(true);
  });

  it('keeps the Content-Disposition one well-formed header whatever the file name holds', async () => {
    const name = 'a"; filename=evil.html; x="%0d%0a.txt';
    const uploaded = (
      await upload(a.t, operator, [
        { name: 'file', filename: name, encodedFilename: true, contentType: 'text/plain', data: uniqueContent() },
      ])
    ).body;
    expect(uploaded.filename).toBe(name);
    const res = await get(pathOf(uploaded.url));
    const header = res.headers['content-disposition'] as string;
    expect(header).toBe(
      `inline; filename="a__ filename=evil.html_ x=__0d_0a.txt"; filename*=UTF-8''${encodeURIComponent(name).replace(/'/g, '%27')}`,
    );
    expect(header.match(/"/g)).toHaveLength(2);
    expect(header).not.toMatch(/[\r\n]/);
  });

  it('serves file names longer than the router parameter limit', async () => {
    const name = `${'long-name-'.repeat(20)}.txt`;
    const uploaded = (await uploadFile(a.t, operator, uniqueContent(), name)).body;
    expect(uploaded.filename).toBe(name);
    expect((await get(pathOf(uploaded.url))).statusCode).toBe(200);
  });

  it('serves the content under any file name segment, with the stored name in Content-Disposition', async () => {
    const uploaded = (await uploadFile(a.t, operator, uniqueContent(), 'real.txt')).body;
    const res = await get(`/assets/${uploaded.id}/other-name.bin`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="real.txt"');
  });

  it('answers 304 to If-None-Match with the ETag', async () => {
    const uploaded = (await uploadFile(a.t, operator, uniqueContent(), 'cached.txt')).body;
    const res = await get(pathOf(uploaded.url), { 'if-none-match': `W/"x", "${uploaded.id}"` });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
    expect(res.headers.etag).toBe(`"${uploaded.id}"`);
  });

  it('answers HEAD with the headers only', async () => {
    const content = uniqueContent();
    const uploaded = (await uploadFile(a.t, operator, content, 'head.txt')).body;
    const res = await a.t.inject({ method: 'HEAD', url: pathOf(uploaded.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(content.length));
    expect(res.body).toBe('');
  });

  it('answers 404 in the error shape for an unknown id, and for malformed ones', async () => {
    expectSimpleError(await a.t.request('GET', `/assets/${'0'.repeat(64)}/x.txt`, undefined), 404, 'was not found');
    for (const id of ['abc', 'Z'.repeat(64), encodeURIComponent('../../etc'), '%00', 'A'.repeat(200)]) {
      expect((await get(`/assets/${id}/x.txt`)).statusCode).toBe(404);
    }
  });

  it('answers 404 when the content is gone from the store', async () => {
    const content = uniqueContent();
    const uploaded = (await uploadFile(a.t, operator, content, 'lost.txt')).body;
    const hash = sha256(content);
    rmSync(`${a.dataDir}/assets/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`);
    expectSimpleError(await a.t.request('GET', pathOf(uploaded.url), undefined), 404);
  });
});
