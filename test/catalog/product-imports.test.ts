import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { failImport, runChunk } from '../../src/apis/catalog/import/import-chunk.js';
import { productImportJob } from '../../src/apis/catalog/import/import-job.js';
import { importPurgeJob } from '../../src/apis/catalog/import/import-purge.job.js';
import { stagePiece } from '../../src/apis/catalog/import/import-rows.repository.js';
import { importWork } from '../../src/apis/catalog/import/import-work.js';
import { migrate } from '../../src/platform/db/migrate.js';
import { firstIdAt, newId } from '../../src/platform/ids.js';
import { createCustomer, customerToken } from '../customers/customer-factories.js';
import { useApp } from '../support/fixture.js';
import type { TestApp } from '../support/test-app.js';
import { createProduct, type Json, productBody } from './catalog-factories.js';
import { productEventCount, productEvents } from './product-events.js';

const { t } = await useApp();

const ndjson = (rows: unknown[]) => `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`;

/** POST /product-imports with a raw file. */
async function upload(
  app: TestApp,
  token: string,
  file: string,
  {
    type = 'application/x-ndjson',
    query = '',
    headers = {},
  }: { type?: string; query?: string; headers?: Record<string, string> } = {},
) {
  const res = await app.app.inject({
    method: 'POST',
    url: `/product-imports${query}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': type, ...headers },
    payload: file,
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() as Json };
}

/** Runs the import job's chunks until the import has ended (as the job does, one chunk at a time). */
async function runImport(app: TestApp, id: string): Promise<void> {
  const work = importWork(app.built.db, app.built.services, app.built.clock);
  for (let chunk = 0; chunk < 1000 && (await runChunk(work, id)); chunk += 1);
}

async function importRecord(app: TestApp, token: string, id: string): Promise<Json> {
  const res = await app.request('GET', `/product-imports/${id}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Json;
}

async function importErrors(app: TestApp, token: string, id: string): Promise<Json[]> {
  const res = await app.request('GET', `/product-imports/${id}/errors?size=2000`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { items: Json[] }).items;
}

async function exported(
  app: TestApp,
  token: string,
  query: string,
): Promise<{ status: number; type: string; text: string }> {
  const res = await app.app.inject({
    method: 'GET',
    url: `/products/export?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, type: String(res.headers['content-type']), text: res.body };
}

describe('POST /product-imports', () => {
  it('answers 202 with a QUEUED import, then the job stores every row as POST /products would', async () => {
    const { token, customerId } = await t.tenant();
    const rows = [productBody(), productBody({ genericName: 'Fjord Racer' })];
    const res = await upload(t, token, ndjson(rows));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.headers.location).toBe(`/product-imports/${res.body.id}`);
    expect(res.body).toMatchObject({
      customerId,
      status: 'QUEUED',
      rows: 2,
      processed: 0,
      format: 'ndjson',
      mode: 'create',
      dryRun: false,
    });
    await runImport(t, String(res.body.id));
    const done = await importRecord(t, token, String(res.body.id));
    expect(done).toMatchObject({ status: 'SUCCEEDED', rows: 2, processed: 2, created: 2, failed: 0 });
    expect(done.startedAt).toBeTypeOf('string');
    expect(done.finishedAt).toBeTypeOf('string');
    const found = await t.request('GET', `/products?publisherRefId=${rows[1]!.publisherRefId}`, token);
    const product = (found.body as { items: Json[] }).items[0]!;
    expect(product).toMatchObject({ genericName: 'Fjord Racer', customerId, dbVersion: 0 });
    expect((await productEvents(t, product.id)).map((event) => event.fact)).toEqual(['created']);
  });

  it('records a refused row with its line, field and message, and stores the others', async () => {
    const { token } = await t.tenant();
    const good = productBody();
    const file = [
      JSON.stringify(good),
      JSON.stringify(productBody({ lifeTime: 'forever' })),
      '{not json',
      '',
      JSON.stringify(productBody({ publisherRefId: good.publisherRefId })),
    ].join('\n');
    const res = await upload(t, token, file);
    expect(res.status).toBe(202);
    expect(res.body.rows).toBe(4);
    await runImport(t, String(res.body.id));
    expect(await importRecord(t, token, String(res.body.id))).toMatchObject({
      status: 'SUCCEEDED',
      processed: 4,
      created: 1,
      failed: 3,
    });
    const errors = await importErrors(t, token, String(res.body.id));
    expect(errors.map((error) => [error.line, error.field])).toEqual([
      [2, 'body.lifeTime'],
      [3, 'line'],
      [5, 'body'],
    ]);
    expect(errors[0]!.message).toMatch(/body\.lifeTime must match/);
    expect(errors[2]!.message).toMatch(/publisherRefId/);
  });

  it('stores nothing and emits no event on a dry run, yet counts what it would do', async () => {
    const { token } = await t.tenant();
    const rows = [productBody(), productBody({ prices: 'none' })];
    const res = await upload(t, token, ndjson(rows), { query: '?dryRun=true' });
    await runImport(t, String(res.body.id));
    expect(await importRecord(t, token, String(res.body.id))).toMatchObject({
      status: 'SUCCEEDED',
      dryRun: true,
      created: 1,
      failed: 1,
    });
    const found = await t.request('GET', `/products?publisherRefId=${rows[0]!.publisherRefId}`, token);
    expect((found.body as { totalItems: number }).totalItems).toBe(0);
  });

  it('upserts: updates a changed product, leaves an unchanged one alone (no version, no event)', async () => {
    const { token } = await t.tenant();
    const same = await createProduct(t, token);
    const changed = await createProduct(t, token, { productFamily: 'old' });
    const res = await upload(t, token, ndjson([same, { ...changed, productFamily: 'new' }, productBody()]), {
      query: '?mode=upsert',
    });
    await runImport(t, String(res.body.id));
    expect(await importRecord(t, token, String(res.body.id))).toMatchObject({
      created: 1,
      updated: 1,
      unchanged: 1,
      failed: 0,
    });
    const kept = await t.request('GET', `/products/${same.id}`, token);
    expect((kept.body as Json).dbVersion).toBe(0);
    expect((await productEvents(t, same.id)).map((event) => event.fact)).toEqual(['created']);
    const updated = await t.request('GET', `/products/${changed.id}`, token);
    expect(updated.body).toMatchObject({ productFamily: 'new', dbVersion: 1 });
  });

  it('upserts changed products together, each with its version, event and activity entry, and a refused one alone', async () => {
    const { token } = await t.tenant();
    const products = [
      await createProduct(t, token, { productFamily: 'old' }),
      await createProduct(t, token, { productFamily: 'old' }),
      await createProduct(t, token, { productFamily: 'old' }),
    ];
    const stale = { ...products[2]!, productFamily: 'new', dbVersion: 7 };
    const rows = [{ ...products[0]!, productFamily: 'new' }, { ...products[1]!, productFamily: 'new' }, stale];
    const res = await upload(t, token, ndjson(rows), { query: '?mode=upsert' });
    await runImport(t, String(res.body.id));
    expect(await importRecord(t, token, String(res.body.id))).toMatchObject({ updated: 2, failed: 1, created: 0 });
    expect(await importErrors(t, token, String(res.body.id))).toMatchObject([{ line: 3 }]);
    for (const product of products.slice(0, 2)) {
      const id = String(product.id);
      expect((await t.request('GET', `/products/${id}`, token)).body).toMatchObject({
        productFamily: 'new',
        dbVersion: 1,
      });
      expect((await t.request('GET', `/products/${id}?version=0`, token)).body).toMatchObject({ productFamily: 'old' });
      expect((await t.request('GET', `/products/${id}?version=1`, token)).body).toMatchObject({ productFamily: 'new' });
      const events = await productEvents(t, id);
      expect(events.map((event) => event.fact)).toEqual(['created', 'updated']);
      expect(events[1]).toMatchObject({
        what: { delta: { productFamily: 'new' }, previous: { productFamily: 'old' } },
      });
      const activity = await t.request('GET', `/activity?recordId=${id}`, token);
      expect((activity.body as { items: Json[] }).items.map((entry) => entry.fact).sort()).toEqual([
        'created',
        'updated',
      ]);
    }
    const refused = await t.request('GET', `/products/${products[2]!.id}`, token);
    expect(refused.body).toMatchObject({ productFamily: 'old', dbVersion: 0 });
    expect((await productEvents(t, String(products[2]!.id))).map((event) => event.fact)).toEqual(['created']);
  });

  it("upserts renamed parents together, and their variants' words take the new names", async () => {
    const { token } = await t.tenant();
    const parents = [await createProduct(t, token), await createProduct(t, token), await createProduct(t, token)];
    const variants = [
      await createProduct(t, token, { variantOf: parents[0]!.id }),
      await createProduct(t, token, { variantOf: parents[0]!.id }),
      await createProduct(t, token, { variantOf: parents[1]!.id }),
    ];
    const word = `Zorblax${newId()
      .slice(-6)
      .replace(/[^a-z0-9]/gi, '')}`;
    const rows = parents.map((parent, n) => ({ ...parent, genericName: `${word} parent ${n}` }));
    const res = await upload(t, token, ndjson(rows), { query: '?mode=upsert' });
    await runImport(t, String(res.body.id));
    expect(await importRecord(t, token, String(res.body.id))).toMatchObject({ updated: 3, failed: 0 });
    const found = await t.request('GET', `/products?q=${word}&size=20&target=id`, token);
    expect(((found.body as { items: Json[] }).items.map((item) => item.id) as string[]).sort()).toEqual(
      [...parents, ...variants].map((product) => String(product.id)).sort(),
    );
  });

  it('makes a variant of a parent named by its publisherRefId, earlier in the file or in the store', async () => {
    const { token } = await t.tenant();
    const stored = await createProduct(t, token);
    const parent = productBody();
    const rows = [
      parent,
      productBody({ variantOfPublisherRefId: parent.publisherRefId }),
      productBody({ variantOfPublisherRefId: stored.publisherRefId }),
      productBody({ variantOfPublisherRefId: 'NO-SUCH-REF' }),
    ];
    const res = await upload(t, token, ndjson(rows));
    await runImport(t, String(res.body.id));
    expect(await importRecord(t, token, String(res.body.id))).toMatchObject({ created: 3, failed: 1 });
    const [error] = await importErrors(t, token, String(res.body.id));
    expect(error).toMatchObject({ line: 4, field: 'body.variantOfPublisherRefId' });
    const variant = await t.request('GET', `/products?publisherRefId=${rows[2]!.publisherRefId}`, token);
    expect((variant.body as { items: Json[] }).items[0]).toMatchObject({ parentId: stored.id });
  });

  it('refuses a row naming another customer and keeps a customer out of imports it may not see', async () => {
    const first = await t.tenant();
    const second = await t.tenant();
    const res = await upload(t, first.token, ndjson([productBody({ customerId: second.customerId })]));
    await runImport(t, String(res.body.id));
    const [error] = await importErrors(t, first.token, String(res.body.id));
    expect(error).toMatchObject({ line: 1, field: 'body.customerId' });
    expect((await t.request('GET', `/product-imports/${res.body.id}`, second.token)).status).toBe(404);
    expect((await t.request('GET', `/product-imports/${res.body.id}/errors`, second.token)).status).toBe(404);
    const listed = await t.request('GET', '/product-imports', second.token);
    expect((listed.body as { items: Json[] }).items.map((item) => item.id)).not.toContain(res.body.id);
    const forbidden = await upload(t, first.token, ndjson([productBody()]), {
      query: `?customerId=${second.customerId}`,
    });
    expect(forbidden.status).toBe(403);
  });

  it('lets the operator import into a customer it names, and answers 404 for an unknown one', async () => {
    const customer = await createCustomer(t);
    const customerId = customer.id;
    const token = await customerToken(t, customer);
    const operator = await t.operator();
    const res = await upload(t, operator, ndjson([productBody()]), { query: `?customerId=${customerId}` });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.customerId).toBe(customerId);
    await runImport(t, String(res.body.id));
    expect(await importRecord(t, token, String(res.body.id))).toMatchObject({ created: 1 });
    expect((await upload(t, operator, ndjson([productBody()]), { query: '?customerId=no-such-customer' })).status).toBe(
      404,
    );
  });

  it('answers the same import to the same Idempotency-Key without reading the body again', async () => {
    const { token } = await t.tenant();
    const key = `import-${Math.random()}`;
    const first = await upload(t, token, ndjson([productBody()]), { headers: { 'idempotency-key': key } });
    const again = await upload(t, token, ndjson([productBody(), productBody()]), {
      headers: { 'idempotency-key': key },
    });
    expect(again.status).toBe(202);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('cancels a queued import: nothing more is stored, and a finished import cannot be cancelled', async () => {
    const { token } = await t.tenant();
    const res = await upload(t, token, ndjson([productBody(), productBody()]));
    const cancelled = await t.request('POST', `/product-imports/${res.body.id}/cancel`, token);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED' });
    await runImport(t, String(res.body.id));
    expect(await importRecord(t, token, String(res.body.id))).toMatchObject({ status: 'CANCELLED', processed: 0 });
    const again = await t.request('POST', `/product-imports/${res.body.id}/cancel`, token);
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toMatch(/CANCELLED/);
  });

  it('ends an import FAILED with its reason when the job gives up on it', async () => {
    const { token } = await t.tenant();
    const res = await upload(t, token, ndjson([productBody()]));
    await failImport(importWork(t.built.db, t.built.services, t.built.clock), String(res.body.id), 'a test fault');
    expect(await importRecord(t, token, String(res.body.id))).toMatchObject({
      status: 'FAILED',
      failure: 'a test fault',
    });
  });

  it('stores new rows together as one create each would: a refused row in the middle leaves the others whole', async () => {
    const { token } = await t.tenant();
    const stranger = await t.tenant();
    const foreign = await createProduct(t, stranger.token);
    const rows = [productBody(), productBody({ subProducts: [foreign.id] }), productBody(), productBody()];
    const repeated = productBody({ publisherRefId: rows[0]!.publisherRefId });
    const res = await upload(t, token, ndjson([...rows, repeated]), { query: '?mode=upsert' });
    await runImport(t, String(res.body.id));
    expect(await importRecord(t, token, String(res.body.id))).toMatchObject({ created: 3, updated: 1, failed: 1 });
    const [error] = await importErrors(t, token, String(res.body.id));
    expect(error).toMatchObject({ line: 2, field: 'body.subProducts[0]' });
    expect(error!.message).toMatch(/names no product this token may see/);
    for (const row of [rows[2]!, rows[3]!]) {
      const found = await t.request('GET', `/products?publisherRefId=${row.publisherRefId}`, token);
      const [product] = (found.body as { items: Json[] }).items;
      expect(product).toMatchObject({ genericName: row.genericName, dbVersion: 0 });
      expect((await productEvents(t, String(product!.id))).map((event) => event.fact)).toEqual(['created']);
      const history = await t.request('GET', `/products/${product!.id}?version=0`, token);
      expect(history.status, JSON.stringify(history.body)).toBe(200);
      const activity = await t.request('GET', `/activity?recordId=${product!.id}`, token);
      expect((activity.body as { items: Json[] }).items.map((entry) => entry.fact)).toEqual(['created']);
    }
    const first = await t.request('GET', `/products?publisherRefId=${rows[0]!.publisherRefId}`, token);
    expect((first.body as { items: Json[] }).items).toMatchObject([
      { genericName: repeated.genericName, dbVersion: 1 },
    ]);
    expect((await t.request('GET', `/products?publisherRefId=${rows[1]!.publisherRefId}`, token)).body).toMatchObject({
      totalItems: 0,
    });
  });

  it('refuses a row whose publisherRefId is taken, in the store or earlier in its batch, and stores the rows batched with it once', async () => {
    const { token } = await t.tenant();
    const stored = await createProduct(t, token);
    const rows = [productBody(), productBody(), productBody()];
    const file = [
      rows[0]!,
      productBody({ publisherRefId: stored.publisherRefId }),
      rows[1]!,
      { ...rows[0]! },
      rows[2]!,
    ];
    const activityTotal = async () =>
      (await t.request<Json>('GET', '/activity?size=1&subject=product', token)).body.totalItems;
    const [eventsBefore, activityBefore] = [await productEventCount(t), await activityTotal()];
    const res = await upload(t, token, ndjson(file));
    await runImport(t, String(res.body.id));
    expect(await importRecord(t, token, String(res.body.id))).toMatchObject({ created: 3, failed: 2 });
    // The batch's first try stored the others and was undone: none of its events or activity entries stayed.
    expect(await productEventCount(t)).toBe(eventsBefore + 3);
    expect(await activityTotal()).toBe(Number(activityBefore) + 3);
    const errors = await importErrors(t, token, String(res.body.id));
    expect(errors.map((error) => error.line)).toEqual([2, 4]);
    for (const error of errors) expect(error.message).toMatch(/already exists/);
    for (const row of rows) {
      const found = await t.request('GET', `/products?publisherRefId=${row.publisherRefId}`, token);
      const [product] = (found.body as { items: Json[] }).items;
      expect((found.body as Json).totalItems).toBe(1);
      expect(product).toMatchObject({ genericName: row.genericName, dbVersion: 0 });
      expect((await productEvents(t, String(product!.id))).map((event) => event.fact)).toEqual(['created']);
    }
  });

  it('resumes after a worker died in the middle of a chunk: nothing of that chunk stayed, nothing is stored twice', async () => {
    const { token } = await t.tenant();
    const rows = Array.from({ length: 7 }, () => productBody());
    const res = await upload(t, token, ndjson(rows));
    const id = String(res.body.id);
    const work = { ...importWork(t.built.db, t.built.services, t.built.clock), chunkRows: 3 };
    const products = work.products;
    let calls = 0;
    // The second chunk's products are written, then the worker dies before its transaction commits.
    const dying = Object.create(products, {
      prepareMany: {
        value: async (...args: Parameters<typeof products.prepareMany>) => {
          const prepared = await products.prepareMany(...args);
          if ('redo' in prepared) return prepared;
          return {
            write: async () => {
              const done = await prepared.write();
              calls += 1;
              if (calls === 2) throw new Error('worker killed');
              return done;
            },
          };
        },
      },
    }) as typeof products;
    expect(await runChunk({ ...work, products: dying }, id)).toBe(true);
    await expect(runChunk({ ...work, products: dying }, id)).rejects.toThrow('worker killed');
    expect(await importRecord(t, token, id)).toMatchObject({ status: 'RUNNING', processed: 3, created: 3 });
    for (let chunk = 0; chunk < 10 && (await runChunk(work, id)); chunk += 1);
    expect(await importRecord(t, token, id)).toMatchObject({
      status: 'SUCCEEDED',
      processed: 7,
      created: 7,
      failed: 0,
    });
    for (const row of rows) {
      const found = await t.request('GET', `/products?publisherRefId=${row.publisherRefId}`, token);
      const [product] = (found.body as { items: Json[] }).items;
      expect((found.body as Json).totalItems).toBe(1);
      expect((await productEvents(t, String(product!.id))).map((event) => event.fact)).toEqual(['created']);
    }
  });

  it('takes tenants in turn: a small import of one tenant does not wait for a large import of another', async () => {
    const large = await t.tenant();
    const small = await t.tenant();
    const bigId = String(
      (await upload(t, large.token, ndjson(Array.from({ length: 8 }, () => productBody())))).body.id,
    );
    const smallId = String((await upload(t, small.token, ndjson([productBody(), productBody()]))).body.id);
    const work = { ...importWork(t.built.db, t.built.services, t.built.clock), chunkRows: 2 };
    const products = work.products;
    const order: string[] = [];
    const watched = Object.create(products, {
      prepareMany: {
        value: async (...args: Parameters<typeof products.prepareMany>) => {
          order.push(String(args[1][0]!.customerId));
          return products.prepareMany(...args);
        },
      },
    }) as typeof products;
    await productImportJob({ ...work, products: watched }, 1).run(new AbortController().signal);
    expect(await importRecord(t, large.token, bigId)).toMatchObject({ status: 'SUCCEEDED', created: 8 });
    expect(await importRecord(t, small.token, smallId)).toMatchObject({ status: 'SUCCEEDED', created: 2 });
    const ours = order.filter((customer) => customer === large.customerId || customer === small.customerId);
    expect(ours.indexOf(small.customerId)).toBeLessThan(ours.lastIndexOf(large.customerId));
    expect(ours.indexOf(small.customerId)).toBeLessThanOrEqual(2);
  });

  it('keeps the rows an upload staged before migration 0026 (a row per line): the import then stores each once', async () => {
    const { token } = await t.tenant();
    const rows = Array.from({ length: 150 }, () => productBody());
    const lines = [
      ...rows.slice(0, 120).map((row) => JSON.stringify(row)),
      '{not json',
      ...rows.slice(120).map((row) => JSON.stringify(row)),
    ];
    const id = String((await upload(t, token, `${lines.join('\n')}\n`)).body.id);
    const { db } = t.built;
    // The upload's pieces, written back as the rows of the table 0026 replaces, and 0026 run again over them.
    await db.query(`CREATE TABLE product_import_rows (
      import_id text NOT NULL, line integer NOT NULL, body jsonb, problem jsonb, PRIMARY KEY (import_id, line))`);
    await db.query(
      `INSERT INTO product_import_rows (import_id, line, body, problem)
       SELECT import_id, (row->>'line')::int, row->'body', row->'problem'
       FROM product_import_pieces, jsonb_array_elements(rows::jsonb) AS row`,
    );
    await db.query('DROP TABLE product_import_pieces');
    await db.query(`DELETE FROM schema_migrations WHERE version = '0026_import_pieces'`);
    expect(await migrate(db, t.config.databaseSchema)).toEqual(['0026_import_pieces']);
    expect(
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM product_import_pieces WHERE import_id = $1', [id]))
        .rows[0]!.n,
    ).toBe(2);

    await runImport(t, id);
    expect(await importRecord(t, token, id)).toMatchObject({
      status: 'SUCCEEDED',
      processed: 151,
      created: 150,
      failed: 1,
    });
    expect((await importErrors(t, token, id)).map((error) => [error.line, error.field])).toEqual([[121, 'line']]);
    for (const row of [rows[0]!, rows[119]!, rows[149]!]) {
      const found = await t.request('GET', `/products?publisherRefId=${row.publisherRefId}`, token);
      expect((found.body as Json).totalItems).toBe(1);
    }
  });

  it('deletes the staged rows of an upload that never became an import, a day later, and keeps the others', async () => {
    const { token } = await t.tenant();
    const waiting = String((await upload(t, token, ndjson([productBody()]))).body.id);
    const now = t.built.clock.now().getTime();
    const abandoned = firstIdAt(new Date(now - 2 * 24 * 60 * 60_000));
    const recent = newId();
    const row = { line: 1, body: productBody(), problem: null };
    await stagePiece(t.built.db, abandoned, [row]);
    await stagePiece(t.built.db, recent, [row]);
    await importPurgeJob(t.built.db, t.built.clock).run(new AbortController().signal);
    const left = async (id: string) =>
      Number(
        (
          await t.built.db.query<{ n: string }>(
            'SELECT count(*) AS n FROM product_import_pieces WHERE import_id = $1',
            [id],
          )
        ).rows[0]!.n,
      );
    expect(await left(abandoned)).toBe(0);
    expect(await left(recent)).toBe(1);
    expect(await left(waiting)).toBe(1);
  });

  it('answers 415 for another content type and 400 for a CSV that cannot be read', async () => {
    const { token } = await t.tenant();
    expect((await upload(t, token, '{}', { type: 'application/json' })).status).toBe(415);
    const broken = await upload(t, token, 'publisherRefId,genericName\n"A,"unclosed\n', { type: 'text/csv' });
    expect(broken.status, JSON.stringify(broken.body)).toBe(400);
  });
});

describe('CSV imports and exports', () => {
  it('reads dotted columns, | lists, ; separators, a BOM and decimal commas', async () => {
    const { token } = await t.tenant();
    const ref = `CSV-${Math.random().toString(36).slice(2)}`;
    const file =
      '\uFEFFpublisherRefId;genericName;lifeTime;sellingStores;prices.defaultCurrency;prices.priceByCountryByCurrency.FR.EUR.value;prices.priceByCountryByCurrency.FR.EUR.vatIncluded\r\n' +
      `${ref};"Fjord; Racer";1YEAR;store-eu|store-fr;EUR;19,99;true\r\n`;
    const res = await upload(t, token, file, { type: 'text/csv' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await runImport(t, String(res.body.id));
    expect(await importErrors(t, token, String(res.body.id))).toEqual([]);
    const found = await t.request('GET', `/products?publisherRefId=${ref}`, token);
    expect((found.body as { items: Json[] }).items[0]).toMatchObject({
      genericName: 'Fjord; Racer',
      sellingStores: ['store-eu', 'store-fr'],
      prices: {
        defaultCurrency: 'EUR',
        priceByCountryByCurrency: { FR: { EUR: { value: 19.99, vatIncluded: true } } },
      },
    });
  });

  it('imports the documented template with no refused row', async () => {
    const { token } = await t.tenant();
    const template = readFileSync(new URL('../../docs/templates/product-import.csv', import.meta.url), 'utf8');
    const res = await upload(t, token, template, { type: 'text/csv' });
    await runImport(t, String(res.body.id));
    expect(await importErrors(t, token, String(res.body.id))).toEqual([]);
    expect(await importRecord(t, token, String(res.body.id))).toMatchObject({ rows: 1, created: 1 });
  });

  it('names the cell a CSV row gets wrong', async () => {
    const { token } = await t.tenant();
    const file =
      'publisherRefId,lifeTime,sellingStores,prices.priceByCountryByCurrency.FR.EUR.value\nA,1YEAR,s1,cheap\nB,1YEAR\n';
    const res = await upload(t, token, file, { type: 'text/csv' });
    await runImport(t, String(res.body.id));
    expect((await importErrors(t, token, String(res.body.id))).map((error) => [error.line, error.field])).toEqual([
      [2, 'body.prices.priceByCountryByCurrency.FR.EUR.value'],
      [3, 'line'],
    ]);
  });

  it('exports NDJSON and CSV that an upsert import finds unchanged', async () => {
    const { token, customerId } = await t.tenant();
    const parent = await createProduct(t, token, {
      visualTags: { colour: ['red', 'blue'] },
      relatedContents: [{ file: 'manual.pdf', label: 'Manual' }],
      prices: {
        defaultCurrency: 'EUR',
        priceByCountryByCurrency: { FR: { EUR: { value: 10, vatIncluded: true } }, US: { USD: { value: 12.5 } } },
      },
    });
    await createProduct(t, token, { variantOf: parent.id });
    for (const format of ['ndjson', 'csv']) {
      const file = await exported(t, token, `customerId=${customerId}&format=${format}`);
      expect(file.status, file.text).toBe(200);
      expect(file.type).toContain(format === 'csv' ? 'text/csv' : 'application/x-ndjson');
      const res = await upload(t, token, file.text, {
        type: format === 'csv' ? 'text/csv' : 'application/x-ndjson',
        query: '?mode=upsert',
      });
      await runImport(t, String(res.body.id));
      expect(await importErrors(t, token, String(res.body.id))).toEqual([]);
      expect(await importRecord(t, token, String(res.body.id))).toMatchObject({
        rows: 2,
        unchanged: 2,
        updated: 0,
        created: 0,
      });
    }
  });

  it('exports CSV quoted as RFC 4180 asks, which an upsert import reads back unchanged', async () => {
    const { token, customerId } = await t.tenant();
    await createProduct(t, token, {
      genericName: ' Fjörd "Racer", the\r\nsecond line \u{1F6B2} ',
      codeName: '=1+2;x',
      sellingStores: ['store|eu', 'store-us'],
      visualTags: { colour: ['red', 'blue'] },
      relatedContents: [{ file: 'manual, "v2".pdf', label: 'Manual' }],
      prices: {
        defaultCurrency: 'EUR',
        priceByCountryByCurrency: {
          FR: { EUR: { value: 1e-7, vatIncluded: false } },
          US: { USD: { value: 999999999999.99 } },
        },
      },
    });
    const file = await exported(t, token, `customerId=${customerId}&format=csv`);
    expect(file.text).toContain('" Fjörd ""Racer"", the\r\nsecond line \u{1F6B2} "');
    expect(file.text).toContain('"[""store|eu"",""store-us""]"');
    const res = await upload(t, token, file.text, { type: 'text/csv', query: '?mode=upsert' });
    await runImport(t, String(res.body.id));
    expect(await importErrors(t, token, String(res.body.id))).toEqual([]);
    expect(await importRecord(t, token, String(res.body.id))).toMatchObject({ rows: 1, unchanged: 1 });
  });

  it('exports each product as a line holding what GET /products/{id} answers', async () => {
    const { token, customerId } = await t.tenant();
    const product = await createProduct(t, token, {
      genericName: 'Fjörd "Racer"\nback\\slash \u{1F6B2}',
      visualTags: { colour: ['red', 'blue'], size: ['XL'] },
      relatedContents: [{ file: 'manual.pdf', label: 'Manual' }],
      prices: {
        defaultCurrency: 'EUR',
        priceByCountryByCurrency: { FR: { EUR: { value: 1e-7, vatIncluded: true } }, US: { USD: { value: 12.5 } } },
      },
    });
    const file = await exported(t, token, `customerId=${customerId}`);
    const lines = file.text.split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(2);
    const got = await t.request('GET', `/products/${product.id}`, token);
    expect(got.status).toBe(200);
    expect(JSON.parse(lines[0]!)).toEqual(got.body);
  });

  it('writes a column for each key tuple the exported products hold in a map, and no other', async () => {
    const { token, customerId } = await t.tenant();
    await createProduct(t, token, {
      visualTags: { colour: ['red'] },
      prices: {
        defaultCurrency: 'EUR',
        priceByCountryByCurrency: { FR: { EUR: { value: 10, vatIncluded: true } }, US: { USD: { value: 12.5 } } },
      },
    });
    await createProduct(t, token, {
      visualTags: { size: ['XL'] },
      prices: { defaultCurrency: 'EUR', priceByCountryByCurrency: { DE: { EUR: { value: 9 } } } },
    });
    const file = await exported(t, token, `customerId=${customerId}&format=csv`);
    const header = file.text.split('\n')[0]!.split(',');
    expect(header.filter((column) => column.startsWith('prices.priceByCountryByCurrency.'))).toEqual([
      'prices.priceByCountryByCurrency.DE.EUR.value',
      'prices.priceByCountryByCurrency.FR.EUR.value',
      'prices.priceByCountryByCurrency.FR.EUR.vatIncluded',
      'prices.priceByCountryByCurrency.US.USD.value',
    ]);
    expect(header.filter((column) => column.startsWith('visualTags.'))).toEqual([
      'visualTags.colour',
      'visualTags.size',
    ]);
  });

  it("writes the header of the products as they are now, after each write of the customer's products", async () => {
    const { token, customerId } = await t.tenant();
    const product = await createProduct(t, token, { visualTags: { colour: ['red'] } });
    const tags = async () =>
      (await exported(t, token, `customerId=${customerId}&format=csv`)).text
        .split('\n')[0]!
        .split(',')
        .filter((column) => column.startsWith('visualTags.'));
    expect(await tags()).toEqual(['visualTags.colour']);
    expect(await tags()).toEqual(['visualTags.colour']);
    await createProduct(t, token, { visualTags: { size: ['XL'] } });
    expect(await tags()).toEqual(['visualTags.colour', 'visualTags.size']);
    const replaced = await t.request('PUT', `/products/${product.id}`, token, {
      ...productBody({ publisherRefId: product.publisherRefId }),
      visualTags: { material: ['wool'] },
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(await tags()).toEqual(['visualTags.material', 'visualTags.size']);
  });

  it('exports what the filters and q match, and nothing of another customer', async () => {
    const first = await t.tenant();
    const second = await t.tenant();
    const name = `Zephyrine${Math.random().toString(36).slice(2, 8)}`;
    const wanted = await createProduct(t, first.token, { genericName: `${name} Racer` });
    await createProduct(t, first.token);
    await createProduct(t, second.token, { genericName: `${name} Racer` });
    const file = await exported(t, first.token, `q=${name}`);
    expect(
      file.text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).toEqual([wanted.id]);
    expect((await exported(t, first.token, 'noSuchFilter=1')).status).toBe(400);
  });
});
