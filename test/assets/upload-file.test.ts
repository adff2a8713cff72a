import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { OPERATOR_SECRET } from '../support/test-app.js';
import { expectSimpleError } from '../terms/terms-factories.js';
import {
  type AssetApp,
  sha256,
  stagedFiles,
  startAssetApp,
  storedFiles,
  uniqueContent,
  upload,
  uploadFile,
} from './asset-kit.js';

const a = await useApp({ dataDir: true, operator: true });
const { operator } = a;

describe('POST /assets (file)', () => {
  it('answers 201 with the id, the public URL, file name, content type and size; stores the content by its SHA-256', async () => {
    const content = uniqueContent();
    const res = await uploadFile(a.t, operator, content, 'notes.txt', 'text/plain');
    expect(res.status).toBe(201);
    const { id } = res.body;
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    // The id is no function of the content alone: holding the bytes must not lead to someone's asset.
    expect(id).not.toBe(sha256(content));
    expect(res.body).toEqual({
      id,
      url: `http://localhost:8080/assets/${id}/notes.txt`,
      filename: 'notes.txt',
      contentType: 'text/plain',
      size: content.length,
    });
    expect(res.headers.location).toBe(res.body.url);
    const hash = sha256(content);
    expect(storedFiles(a.dataDir)).toContain(`${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`);
    expect(stagedFiles(a.dataDir)).toEqual([]);
  });

  it("stores the owner's identical content once: same id, one file, one record; the second answer gives the existing location", async () => {
    const content = uniqueContent('twice');
    const first = await uploadFile(a.t, operator, content, 'first.txt');
    const second = await uploadFile(a.t, operator, content, 'second.txt', 'application/octet-stream');
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(storedFiles(a.dataDir).filter((path) => path.endsWith(sha256(content)))).toHaveLength(1);
    const { rows } = await a.t.built.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM assets WHERE content_hash = $1',
      [sha256(content)],
    );
    expect(rows[0]!.count).toBe(1);
    expect(stagedFiles(a.dataDir)).toEqual([]);
  });

  it('stores content uploaded concurrently once', async () => {
    const content = uniqueContent('race');
    const answers = await Promise.all([1, 2, 3].map((n) => uploadFile(a.t, operator, content, `race-${n}.txt`)));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(storedFiles(a.dataDir).filter((path) => path.endsWith(sha256(content)))).toHaveLength(1);
    expect(stagedFiles(a.dataDir)).toEqual([]);
  });

  it('records the uploading customer as the owner and emits one created event per new asset', async () => {
    const tenant = await a.t.tenant();
    const content = uniqueContent('owned');
    const res = await uploadFile(a.t, tenant.token, content, 'mine.txt');
    await uploadFile(a.t, tenant.token, content, 'again.txt');
    const { rows } = await a.t.built.db.query<{ customer_id: string }>('SELECT customer_id FROM assets WHERE id = $1', [
      res.body.id,
    ]);
    expect(rows[0]!.customer_id).toBe(tenant.customerId);
    const events = await a.t.built.db.query<{ event: any }>(
      `SELECT event FROM outbox WHERE subject = 'asset' AND event -> 'involved' -> 'asset' ->> 'id' = $1`,
      [res.body.id],
    );
    expect(events.rows.map((r) => r.event.fact)).toEqual(['created']);
    expect(events.rows[0]!.event).toMatchObject({
      customerId: tenant.customerId,
      involved: { asset: { id: res.body.id, filename: 'mine.txt' } },
    });
  });

  it('takes the content type of the part; for application/octet-stream or a malformed one, guesses it from the extension', async () => {
    const declared = await uploadFile(a.t, operator, uniqueContent(), 'x.bin', 'image/png');
    expect(declared.body.contentType).toBe('image/png');
    const guessed = await uploadFile(a.t, operator, uniqueContent(), 'photo.JPG', 'application/octet-stream');
    expect(guessed.body.contentType).toBe('image/jpeg');
    const malformed = await uploadFile(a.t, operator, uniqueContent(), 'doc.pdf', 'not a type');
    expect(malformed.body.contentType).toBe('application/pdf');
    const unknown = await uploadFile(a.t, operator, uniqueContent(), 'data.qqq', 'application/octet-stream');
    expect(unknown.body.contentType).toBe('application/octet-stream');
    // RFC 7578 §4.4: a part without a Content-Type is text/plain.
    const undeclared = await upload(a.t, operator, [{ name: 'file', filename: 'data.png', data: uniqueContent() }]);
    expect(undeclared.body.contentType).toBe('text/plain');
    const text = await uploadFile(a.t, operator, uniqueContent(), 'a.csv', 'Text/CSV; x=y');
    expect(text.body.contentType).toBe('text/csv');
    // RFC 6838: at most 127 characters per name; a longer declared type is malformed.
    const overlong = await uploadFile(a.t, operator, uniqueContent(), 'page.html', `text/${'x'.repeat(128)}`);
    expect(overlong.body.contentType).toBe('text/html');
  });

  it('keeps only the last path segment of the file name, without control characters', async () => {
    const res = await uploadFile(a.t, operator, uniqueContent(), '..\\..\\windows\\evil\u0007name.txt');
    expect(res.body.filename).toBe('evilname.txt');
    const empty = await uploadFile(a.t, operator, uniqueContent(), '');
    expect(empty.body.filename).toBe('file');
  });

  it('keeps a Unicode file name and percent-encodes it in the URL', async () => {
    const res = await uploadFile(a.t, operator, uniqueContent(), 'résumé été ☃.txt');
    expect(res.status).toBe(201);
    expect(res.body.filename).toBe('résumé été ☃.txt');
    expect(res.body.url).toBe(`http://localhost:8080/assets/${res.body.id}/${encodeURIComponent('résumé été ☃.txt')}`);
  });

  it('answers 400 for an empty file, as signing answers for an empty body, and keeps nothing', async () => {
    const res = await uploadFile(a.t, operator, Buffer.alloc(0), 'empty.txt');
    expectSimpleError(res, 400, 'body.file must not be empty');
    expect(storedFiles(a.dataDir).some((path) => path.endsWith(sha256('')))).toBe(false);
    expect(stagedFiles(a.dataDir)).toEqual([]);
  });
});

describe('POST /assets: one file per request', () => {
  it('answers 400 for two files and stores neither', async () => {
    const one = uniqueContent('one');
    const two = uniqueContent('two');
    const res = await upload(a.t, operator, [
      { name: 'file', filename: 'one.txt', data: one },
      { name: 'file', filename: 'two.txt', data: two },
    ]);
    expectSimpleError(res, 400, 'one file per request');
    expect(storedFiles(a.dataDir).some((path) => path.endsWith(sha256(one)) || path.endsWith(sha256(two)))).toBe(false);
    expect(stagedFiles(a.dataDir)).toEqual([]);
  });

  it('answers 400 for a file and a url together', async () => {
    const res = await upload(a.t, operator, [
      { name: 'file', filename: 'one.txt', data: uniqueContent() },
      { name: 'url', data: 'http://example.com/x.png' },
    ]);
    expectSimpleError(res, 400, 'one file per request');
    expect(stagedFiles(a.dataDir)).toEqual([]);
  });

  it('answers 400 for a url then a file, and for two urls', async () => {
    const content = uniqueContent('after-url');
    const urlFirst = await upload(a.t, operator, [
      { name: 'url', data: 'http://example.com/x.png' },
      { name: 'file', filename: 'one.txt', data: content },
    ]);
    expectSimpleError(urlFirst, 400, 'one file per request');
    expect(storedFiles(a.dataDir).some((path) => path.endsWith(sha256(content)))).toBe(false);
    const twoUrls = await upload(a.t, operator, [
      { name: 'url', data: 'http://example.com/x.png' },
      { name: 'url', data: 'http://example.com/y.png' },
    ]);
    expectSimpleError(twoUrls, 400, 'one file per request');
    expect(stagedFiles(a.dataDir)).toEqual([]);
  });

  it('answers 400 when neither a file nor a url is sent', async () => {
    expectSimpleError(
      await upload(a.t, operator, [{ name: 'note', data: 'hello' }]),
      400,
      'must carry a "file" part or a "url" field',
    );
    expectSimpleError(await upload(a.t, operator, []), 400);
  });

  it('answers 400 for a file under another field name, and for "file" sent as text', async () => {
    expectSimpleError(
      await upload(a.t, operator, [{ name: 'document', filename: 'a.txt', data: 'x' }]),
      400,
      'body.document',
    );
    expectSimpleError(
      await upload(a.t, operator, [{ name: 'file', data: 'just text' }]),
      400,
      'body.file must be a file part',
    );
  });

  it('answers 400 for a malformed multipart body', async () => {
    const res = await a.t.inject({
      method: 'POST',
      url: '/assets',
      payload: 'garbage',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(res.statusCode).toBe(400);
    const noBoundary = await a.t.inject({
      method: 'POST',
      url: '/assets',
      payload: 'garbage',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
  });
});

describe('POST /assets: content types and authorization', () => {
  it('answers 415 to a JSON body', async () => {
    const res = await a.t.request('POST', '/assets', operator, { url: 'http://example.com/a.png' });
    expectSimpleError(res, 415, 'multipart/form-data');
  });

  it('answers 415 to a text body, naming multipart/form-data only', async () => {
    const res = await a.t.inject({
      method: 'POST',
      url: '/assets',
      payload: 'x',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('content type text/plain is not supported here; send multipart/form-data');
  });

  it('leaves every other route answering 415 to multipart', async () => {
    const res = await a.t.inject({
      method: 'POST',
      url: '/terms',
      payload: 'x',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers 401 without a token and 403 without assets:write', async () => {
    expectSimpleError(await uploadFile(a.t, undefined as unknown as string, 'x'), 401);
    const reader = await a.t.token({
      realmName: 'operator',
      grantType: 'client_credentials',
      clientSecret: OPERATOR_SECRET,
      scope: 'assets:read',
    });
    expectSimpleError(await uploadFile(a.t, reader.access_token, 'x'), 403, 'assets:write');
  });
});

describe('POST /assets: size limit (ASSET_MAX_BYTES)', () => {
  let small: AssetApp;
  let token: string;
  beforeAll(async () => {
    small = await startAssetApp({ ASSET_MAX_BYTES: '1024' });
    token = await small.t.operator();
  });
  afterAll(() => small.close());

  it('accepts a file of exactly the limit', async () => {
    expect((await uploadFile(small.t, token, Buffer.alloc(1024, 1), 'max.bin')).status).toBe(201);
  });

  it('answers 413 for one byte more, naming the limit, and keeps nothing', async () => {
    const res = await uploadFile(small.t, token, Buffer.alloc(1025, 2), 'big.bin');
    expectSimpleError(res, 413, '1 KiB');
    expect(storedFiles(small.dataDir).some((path) => path.endsWith(sha256(Buffer.alloc(1025, 2))))).toBe(false);
    expect(stagedFiles(small.dataDir)).toEqual([]);
  });
});
