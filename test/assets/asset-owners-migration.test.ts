import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/platform/db/migrate.js';
import { useApp } from '../support/fixture.js';
import { pathOf, sha256, uniqueContent, uploadFile } from './asset-kit.js';

/**
 * Migration 0016 gives every stored asset an owner and makes content addressing per owner. Checked by rewinding it
 * (the test's own inverse of 0016) over assets written as the code before it wrote them: id = SHA-256 of the content,
 * one row per content whoever uploaded it, the object stored under that id. This file's app is its own, and no other
 * test runs in it while the table is rewound.
 */
const a = await useApp({ dataDir: true, operator: true });
const VERSION = '0016_asset_owners';

async function rewind() {
  for (const statement of [
    'DROP INDEX assets_owner_content_idx',
    'DROP INDEX assets_content_hash_idx',
    'ALTER TABLE assets DROP COLUMN content_hash',
    `DELETE FROM schema_migrations WHERE version = '${VERSION}'`,
  ])
    await a.t.built.db.query(statement);
}

/** An asset as the code before 0016 stored it: its row, and its content in the file store under its id. */
async function storeTheOldWay(content: Buffer, filename: string, customerId: string | null, isPrivate = false) {
  const id = sha256(content);
  await a.t.built.db.query(
    `INSERT INTO assets (id, filename, content_type, size, customer_id, create_date, private)
     VALUES ($1, $2, 'text/plain', $3, $4, now(), $5)`,
    [id, filename, content.length, customerId, isPrivate],
  );
  const path = join(a.dataDir, 'assets', id.slice(0, 2), id.slice(2, 4), id);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return { id, url: `http://localhost:8080/assets/${id}/${filename}` };
}

describe('migration 0016_asset_owners', () => {
  it('keeps assets stored before it downloadable at their links, owned by their uploader, found again by their owner only', async () => {
    const [uploader, other] = [await a.t.tenant(), await a.t.tenant()];
    const [shared, operators, mailed] = [uniqueContent('legacy'), uniqueContent('operator'), uniqueContent('mail')];
    await rewind();
    const legacy = await storeTheOldWay(shared, 'legacy-plan.txt', uploader.customerId);
    const operatorLegacy = await storeTheOldWay(operators, 'operator.txt', null);
    const copy = await storeTheOldWay(mailed, 'notification-x.eml', uploader.customerId, true);
    expect(await migrate(a.t.built.db, a.t.config.databaseSchema)).toEqual([VERSION]);

    // Old links still download, the private copy only with its owner's token.
    for (const [asset, content] of [
      [legacy, shared],
      [operatorLegacy, operators],
    ] as const) {
      const download = await a.t.inject({ method: 'GET', url: pathOf(asset.url) });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(content)).toBe(true);
    }
    expect((await a.t.inject({ method: 'GET', url: pathOf(copy.url) })).statusCode).toBe(404);
    const privately = await a.t.inject({
      method: 'GET',
      url: pathOf(copy.url),
      headers: { authorization: `Bearer ${uploader.token}` },
    });
    expect(privately.rawPayload.equals(mailed)).toBe(true);

    // Owned by their uploader: listed to it and to the operator with its customerId, to nobody else. Rows stored in
    // one instant are listed in the order of their ids, which are random here.
    const byId = (pairs: unknown[][]) => [...pairs].sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    const listed = await a.t.request<{ items: Record<string, unknown>[] }>('GET', '/assets', uploader.token);
    expect(byId(listed.body.items.map((item) => [item.id, item.customerId]))).toEqual(
      byId([
        [legacy.id, uploader.customerId],
        [copy.id, uploader.customerId],
      ]),
    );
    expect((await a.t.request<any>('GET', '/assets', other.token)).body.items).toEqual([]);
    const all = await a.t.request<{ items: Record<string, unknown>[] }>('GET', '/assets', a.operator);
    expect(byId(all.body.items.map((item) => [item.id, item.customerId]))).toEqual(
      byId([
        [legacy.id, uploader.customerId],
        [operatorLegacy.id, undefined],
        [copy.id, uploader.customerId],
      ]),
    );

    // The uploader's same bytes find its asset (same id and link); another customer's get an asset of their own.
    const again = await uploadFile(a.t, uploader.token, shared, 'renamed.txt');
    expect(again.body).toMatchObject({ id: legacy.id, url: legacy.url, filename: 'legacy-plan.txt' });
    const theirs = await uploadFile(a.t, other.token, shared, 'mine.txt');
    expect(theirs.body.filename).toBe('mine.txt');
    expect(theirs.body.id).not.toBe(legacy.id);
    expect(JSON.stringify(theirs.body)).not.toContain('legacy-plan');
    const operatorAgain = await uploadFile(a.t, a.operator, operators, 'other-name.txt');
    expect(operatorAgain.body).toMatchObject({ id: operatorLegacy.id, filename: 'operator.txt' });

    // Deleting the uploader's asset keeps the content the other customer's asset holds.
    await a.t.request('DELETE', '/assets', a.operator, { ids: [legacy.id] });
    expect((await a.t.inject({ method: 'GET', url: pathOf(legacy.url) })).statusCode).toBe(404);
    expect((await a.t.inject({ method: 'GET', url: pathOf(theirs.body.url) })).rawPayload.equals(shared)).toBe(true);
  });
});
