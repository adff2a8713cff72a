import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { AssetService } from '../../src/apis/assets/asset.service.js';
import { stage } from '../../src/apis/assets/asset-staging.js';
import { openAssetStore } from '../../src/apis/assets/assets.module.js';
import { SYSTEM_PRINCIPAL } from '../../src/platform/auth/principal.js';
import { systemClock } from '../../src/platform/clock.js';
import { useApp } from '../support/fixture.js';
import { pathOf, send, sha256, storedFiles, uniqueContent, upload, uploadFile } from './asset-kit.js';

/**
 * DECISIONS §11: an asset is its uploader's; content addressing dedupes within one owner only, and no answer names
 * another owner's file name or id.
 */
const a = await useApp({ dataDir: true, operator: true, env: { OUTBOUND_ALLOWLIST: '127.0.0.1' } });
const { operator } = a;

/** A server the `url` uploads fetch from: `/<name>?hex=<content in hex>` answers that content. */
const origin = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://origin');
  response.setHeader('content-type', 'text/plain');
  response.end(Buffer.from(url.searchParams.get('hex') ?? '', 'hex'));
});
await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
const originBase = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
afterAll(async () => {
  origin.closeAllConnections();
  await new Promise((resolve) => origin.close(resolve));
});

const fromUrl = (token: string, name: string, content: Buffer) =>
  upload(a.t, token, [{ name: 'url', data: `${originBase}/${name}?hex=${content.toString('hex')}` }]);

/** Every text the answer shows, to look for another owner's file name or id in it. */
const shown = (response: { body: unknown; headers: Record<string, unknown> }) =>
  JSON.stringify(response.body) + JSON.stringify(response.headers);

const listIds = async (token: string, query = '') => {
  const res = await a.t.request<{ items: { id: string }[] }>('GET', `/assets?size=500${query}`, token);
  expect(res.status).toBe(200);
  return res.body.items.map((item) => item.id);
};

describe('POST /assets: content addressing within one owner', () => {
  it("gives another customer uploading the same bytes an asset of its own, never naming the first one's id or file name", async () => {
    const [owner, other] = [await a.t.tenant(), await a.t.tenant()];
    const content = uniqueContent('shared bytes');
    const first = await uploadFile(a.t, owner.token, content, 'acquisition-plan.txt');
    const second = await uploadFile(a.t, other.token, content, 'other.txt', 'application/octet-stream');
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ filename: 'other.txt', contentType: 'text/plain', size: content.length });
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body.url).not.toBe(first.body.url);
    expect(shown(second)).not.toContain(first.body.id);
    expect(shown(second)).not.toContain('acquisition-plan');
    // By URL too, and for the operator: each gets its own asset.
    const fetched = await fromUrl(other.token, 'fetched.txt', content);
    expect(fetched.body).toEqual(second.body);
    const operators = await fromUrl(operator, 'operator.txt', content);
    expect(operators.body.filename).toBe('operator.txt');
    expect([first.body.id, second.body.id]).not.toContain(operators.body.id);
    expect(shown(operators)).not.toContain('acquisition-plan');
    // Each link serves the content under its own owner's name; the bytes are stored once.
    for (const [asset, name] of [
      [first.body, 'acquisition-plan.txt'],
      [second.body, 'other.txt'],
      [operators.body, 'operator.txt'],
    ] as const) {
      const download = await a.t.inject({ method: 'GET', url: pathOf(asset.url) });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(content)).toBe(true);
      expect(download.headers['content-disposition']).toContain(`filename="${name}"`);
      expect(download.headers.etag).toBe(`"${asset.id}"`);
    }
    expect(storedFiles(a.dataDir).filter((path) => path.endsWith(sha256(content)))).toHaveLength(1);
  });

  it('keeps the id, link and first file name when the same customer uploads the same bytes again, by file or url', async () => {
    const owner = await a.t.tenant();
    const content = uniqueContent('again');
    const first = await uploadFile(a.t, owner.token, content, 'first.txt');
    const again = await uploadFile(a.t, owner.token, content, 'renamed.txt');
    const fetched = await fromUrl(owner.token, 'fetched.txt', content);
    expect(again.body).toEqual(first.body);
    expect(fetched.body).toEqual(first.body);
    expect(again.headers.location).toBe(first.body.url);
    expect(await listIds(owner.token)).toEqual([first.body.id]);
  });

  it("emits a created event for each owner's new asset, owned by that customer", async () => {
    const [one, two] = [await a.t.tenant(), await a.t.tenant()];
    const content = uniqueContent('events');
    const ids = [
      (await uploadFile(a.t, one.token, content, 'one.txt')).body.id,
      (await uploadFile(a.t, two.token, content, 'two.txt')).body.id,
    ];
    const { rows } = await a.t.built.db.query<{ event: any }>(
      `SELECT event FROM outbox WHERE subject = 'asset' AND event -> 'involved' -> 'asset' ->> 'id' = ANY($1::text[]) ORDER BY occurred_at, id`,
      [ids],
    );
    expect(rows.map((row) => [row.event.fact, row.event.customerId, row.event.involved.asset.filename])).toEqual([
      ['created', one.customerId, 'one.txt'],
      ['created', two.customerId, 'two.txt'],
    ]);
  });
});

describe('kept e-mail copies (private assets) and uploads of the same bytes', () => {
  it('stay two assets of one owner: the upload is public, the copy stays private', async () => {
    const owner = await a.t.tenant();
    const content = uniqueContent('mail copy');
    // As the mail sender keeps a copy (mail-sender.ts): a private asset of the receiver's owner.
    const store = await openAssetStore(a.t.config);
    const assets = new AssetService(a.t.built.db, store, a.t.config.publicBaseUrl, systemClock);
    const staged = await stage(Readable.from([content]), join(a.dataDir, 'assets', '.staging'), 1024);
    const copy = await assets.keep(
      { ...SYSTEM_PRINCIPAL, isOperator: false, customerId: owner.customerId },
      { staged, filename: 'notification-1.eml', contentType: 'message/rfc822' },
      { private: true },
    );
    await store.close();
    const uploaded = (await uploadFile(a.t, owner.token, content, 'public.txt')).body;
    expect(uploaded.id).not.toBe(copy.id);
    expect(uploaded.filename).toBe('public.txt');
    expect((await a.t.inject({ method: 'GET', url: pathOf(uploaded.url) })).statusCode).toBe(200);
    expect((await a.t.inject({ method: 'GET', url: pathOf(copy.url) })).statusCode).toBe(404);
    expect((await uploadFile(a.t, owner.token, content, 'again.txt')).body).toEqual(uploaded);
  });
});

describe('GET /assets per owner', () => {
  it("lists a customer's own assets only, and nothing of another customer even on asking", async () => {
    const [one, two] = [await a.t.tenant(), await a.t.tenant()];
    const content = uniqueContent('listed');
    const mine = (await uploadFile(a.t, one.token, content, 'mine.txt')).body;
    const theirs = (await uploadFile(a.t, two.token, content, 'theirs.txt')).body;
    const page = await a.t.request<{ items: Record<string, unknown>[] }>('GET', '/assets', one.token);
    expect(page.body.items).toEqual([{ ...mine, customerId: one.customerId, createDate: expect.any(String) }]);
    expect(shown(page)).not.toContain('theirs.txt');
    expect(await listIds(two.token)).toEqual([theirs.id]);
    expect(await listIds(one.token, `&customerId=${one.customerId}`)).toEqual([mine.id]);
    const asked = await a.t.request('GET', `/assets?customerId=${two.customerId}`, one.token);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ items: [], totalItems: 0 });
  });

  it("lists every owner's assets to the operator, each with its customerId (none on the operator's own)", async () => {
    const [one, two] = [await a.t.tenant(), await a.t.tenant()];
    const content = uniqueContent('operator view');
    const uploaded = [
      (await uploadFile(a.t, one.token, content, 'one.txt')).body,
      (await uploadFile(a.t, two.token, content, 'two.txt')).body,
      (await uploadFile(a.t, operator, content, 'own.txt')).body,
    ];
    const page = await a.t.request<{ items: Record<string, unknown>[] }>('GET', '/assets?size=500', operator);
    const byId = new Map(page.body.items.map((item) => [item.id, item]));
    expect(uploaded.map((asset) => byId.get(asset.id)?.customerId)).toEqual([
      one.customerId,
      two.customerId,
      undefined,
    ]);
    expect((await a.t.request<any>('GET', `/assets?customerId=${two.customerId}`, operator)).body.items).toEqual([
      { ...uploaded[1], customerId: two.customerId, createDate: expect.any(String) },
    ]);
  });

  it("lets a reseller list its authorized customer's assets", async () => {
    const customer = await a.t.tenant();
    const reseller = await a.t.tenant(undefined, [customer.customerId]);
    const theirs = (await uploadFile(a.t, customer.token, uniqueContent('resold'), 'resold.txt')).body;
    expect(await listIds(reseller.token)).toEqual([theirs.id]);
  });
});

describe('DELETE /assets of content several owners hold', () => {
  it("keeps the stored content while another owner's asset holds it, and removes it with the last one", async () => {
    const [one, two] = [await a.t.tenant(), await a.t.tenant()];
    const content = uniqueContent('held twice');
    const first = (await uploadFile(a.t, one.token, content, 'one.txt')).body;
    const second = (await uploadFile(a.t, two.token, content, 'two.txt')).body;
    const stored = () => storedFiles(a.dataDir).filter((path) => path.endsWith(sha256(content)));
    // The content's hash names no asset: deleting it removes nothing an asset still holds.
    const byHash = await send(a.t, 'DELETE', '/assets', operator, [{ name: 'ids', data: sha256(content) }]);
    expect(byHash.body).toEqual({ deleted: [], notFound: [sha256(content)] });
    expect(stored()).toHaveLength(1);
    expect(await a.t.request('DELETE', '/assets', operator, { ids: [first.id] })).toMatchObject({
      status: 200,
      body: { deleted: [first.id], notFound: [] },
    });
    expect((await a.t.inject({ method: 'GET', url: pathOf(first.url) })).statusCode).toBe(404);
    const kept = await a.t.inject({ method: 'GET', url: pathOf(second.url) });
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(content)).toBe(true);
    await a.t.request('DELETE', '/assets', operator, { ids: [second.id] });
    expect(stored()).toEqual([]);
  });
});
