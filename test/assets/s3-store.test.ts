import { mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3AssetStore } from '../../src/apis/assets/s3-asset-store.js';
import { expectSimpleError } from '../terms/terms-factories.js';
import {
  type AssetApp,
  pathOf,
  send,
  sha256,
  stagedFiles,
  startAssetApp,
  storedFiles,
  uniqueContent,
  uploadFile,
} from './asset-kit.js';

const BUCKET = 'assets-test';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let s3Dir: string;
let s3: S3rver;
let endpoint: string;
let client: S3Client;
let a: AssetApp;
let operator: string;

beforeAll(async () => {
  // An S3-compatible server on loopback, started by the tests.
  s3Dir = mkdtempSync(join(tmpdir(), 's3rver-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  a = await startAssetApp({
    ASSET_STORE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  });
  operator = await a.t.operator();
});

afterAll(async () => {
  await a?.close();
  client?.destroy();
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

async function objectKeys(): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((object) => object.Key!);
}

describe('the S3 asset store (ASSET_STORE=s3)', () => {
  it('stores an upload as one object under assets/<SHA-256 of the content> and serves it back', async () => {
    const content = uniqueContent('s3');
    const res = await uploadFile(a.t, operator, content, 'bucket.txt', 'text/plain');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ size: content.length, contentType: 'text/plain' });
    expect(await objectKeys()).toContain(`assets/${sha256(content)}`);
    const download = await a.t.inject({ method: 'GET', url: pathOf(res.body.url) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers).toMatchObject({
      'content-type': 'text/plain',
      'content-length': String(content.length),
      etag: `"${res.body.id}"`,
    });
    const head = await a.t.inject({ method: 'HEAD', url: pathOf(res.body.url) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(content.length));
    expect(head.body).toBe('');
    // Nothing lands in the file store; staging is emptied.
    expect(storedFiles(a.dataDir)).toEqual([]);
    expect(stagedFiles(a.dataDir)).toEqual([]);
  });

  it('stores identical content once', async () => {
    const content = uniqueContent('s3-twice');
    const first = await uploadFile(a.t, operator, content, 'one.txt');
    const second = await uploadFile(a.t, operator, content, 'two.txt');
    expect(second.body).toEqual(first.body);
    expect((await objectKeys()).filter((key) => key === `assets/${sha256(content)}`)).toHaveLength(1);
  });

  it('streams a larger file through (2 MiB)', async () => {
    const content = Buffer.alloc(2 * 1_048_576, 7);
    content.write(uniqueContent().toString());
    const res = await uploadFile(a.t, operator, content, 'big.bin', 'application/octet-stream');
    const download = await a.t.inject({ method: 'GET', url: pathOf(res.body.url) });
    expect(download.rawPayload.length).toBe(content.length);
    expect(sha256(download.rawPayload)).toBe(sha256(content));
  });

  it('deletes the objects with the records', async () => {
    const contents = [uniqueContent('s3-del-1'), uniqueContent('s3-del-2')];
    const one = (await uploadFile(a.t, operator, contents[0]!, 'a.txt')).body;
    const two = (await uploadFile(a.t, operator, contents[1]!, 'b.txt')).body;
    const res = await send(a.t, 'DELETE', '/assets', operator, [
      { name: 'ids', data: one.id },
      { name: 'ids', data: two.id },
      { name: 'ids', data: 'e'.repeat(64) },
    ]);
    expect(res.body).toEqual({ deleted: [one.id, two.id], notFound: ['e'.repeat(64)] });
    const keys = await objectKeys();
    expect(keys).not.toContain(`assets/${sha256(contents[0]!)}`);
    expect(keys).not.toContain(`assets/${sha256(contents[1]!)}`);
    expectSimpleError(await a.t.request('GET', pathOf(one.url), undefined), 404);
  });

  it('puts the object back when its record outlived it', async () => {
    const content = uniqueContent('s3-heal');
    const first = (await uploadFile(a.t, operator, content, 'heal.txt')).body;
    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `assets/${sha256(content)}` }));
    expectSimpleError(await a.t.request('GET', pathOf(first.url), undefined), 404);
    await uploadFile(a.t, operator, content, 'heal.txt');
    const download = await a.t.inject({ method: 'GET', url: pathOf(first.url) });
    expect(download.rawPayload.equals(content)).toBe(true);
  });

  it('closes the staged file when S3 refuses the put', async () => {
    const store = new S3AssetStore({
      endpoint,
      region: 'us-east-1',
      bucket: 'no-such-bucket',
      ...CREDENTIALS,
      forcePathStyle: true,
      keyPrefix: 'assets/',
    });
    const path = join(s3Dir, 'refused.part');
    writeFileSync(path, Buffer.alloc(65_536, 1));
    try {
      await expect(
        store.put('a'.repeat(64), { path, contentHash: 'a'.repeat(64), size: 65_536 }, 'text/plain'),
      ).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const openFiles = readdirSync('/proc/self/fd').map((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`);
        } catch {
          return '';
        }
      });
      expect(openFiles).not.toContain(path);
    } finally {
      await store.close();
    }
  });
});
