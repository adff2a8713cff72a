import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runChunk } from '../../src/apis/catalog/import/import-chunk.js';
import { importWork } from '../../src/apis/catalog/import/import-work.js';
import type { Json } from '../support/json.js';
import { browserSkipReason } from './chromium.js';
import { seriousA11yViolations, signInAsOperator, useConsoleServer } from './console-server.js';

// No job runs here: the test does one chunk of the import with the job's own code, so the page meets the import
// half-way, as a person who cancels a long import does (with the job on, a small file ends before the page can act).
const server = await useConsoleServer({ JOBS: 'off' });

const PATIENTLY = { timeout: 30_000 };

describe.skipIf(browserSkipReason !== undefined)('console: cancelling an import', () => {
  it('cancels a running import from its page: it ends CANCELLED, the rows done stay, the rest are never stored', async () => {
    const operator = await server.t.operator();
    const work = importWork(server.t.built.db, server.t.built.services, server.t.built.clock);
    const reference = `CANCEL-${randomBytes(3).toString('hex').toUpperCase()}`;
    const rows = work.chunkRows + 5;
    const file = Array.from({ length: rows }, (_, n) =>
      JSON.stringify({
        publisherRefId: `${reference}-${n}`,
        genericName: `Cancelled ${n}`,
        lifeTime: '1YEAR',
        sellingStores: ['store-eu'],
        prices: { defaultCurrency: 'EUR' },
      }),
    ).join('\n');
    const upload = await server.t.app.inject({
      method: 'POST',
      url: '/product-imports',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/x-ndjson' },
      payload: file,
    });
    expect(upload.statusCode, upload.body).toBe(202);
    const id = String((upload.json() as Json).id);
    expect(await runChunk(work, id)).toBe(true);

    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/products/imports/${id}`);
    await page.getByText('RUNNING', { exact: true }).first().waitFor(PATIENTLY);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel the import' }).click();
    await page.getByText('CANCELLED', { exact: true }).first().waitFor(PATIENTLY);
    await expect.poll(() => page.getByRole('button', { name: 'Cancel the import' }).count(), PATIENTLY).toBe(0);

    const ended = await server.t.request('GET', `/product-imports/${id}`, operator);
    expect((ended.body as Json).status).toBe('CANCELLED');
    expect((ended.body as Json).created).toBe(work.chunkRows);
    // The job finds nothing left to do, and the rows after the first chunk were never stored.
    expect(await runChunk(work, id)).toBe(false);
    const stored = async (n: number) =>
      (
        (await server.t.request('GET', `/products?publisherRefId=${reference}-${n}&size=1`, operator)).body as {
          totalItems: number;
        }
      ).totalItems;
    expect(await stored(0)).toBe(1);
    expect(await stored(rows - 1)).toBe(0);
    expect(server.problems).toEqual([]);
    await page.close();
  }, 120_000);
});
