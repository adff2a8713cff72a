import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Json } from '../support/json.js';
import { browserSkipReason } from './chromium.js';
import { SCREENSHOTS, seriousA11yViolations, signIn, useConsoleServer } from './console-server.js';

// The import job runs in the service as in production (every second), so the page follows a real import to its end.
const server = await useConsoleServer({ JOBS: 'on' });

/** The job, a page's polling and the list's debounce on a machine shared with other work. */
const PATIENTLY = { timeout: 30_000 };

const tag = () => randomBytes(3).toString('hex').toUpperCase();

/** A publisher with a user of its own realm, who signs in to the console; and the publisher's API token. */
async function publisher() {
  const tenant = await server.t.tenant();
  const user = { username: 'importer', password: `pw-${randomBytes(6).toString('hex')}` };
  const created = await server.t.request('POST', `/iam/realms/${tenant.realm}/users`, await server.t.operator(), user);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { ...tenant, ...user };
}

/** The text of a file the page handed to the browser's downloads, once `click` starts it. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

const csvRecords = (text: string): Record<string, string>[] => parse(text, { columns: true, bom: true });

// One walk through the wizard, the import's page, its error report, the list and the export: 3 minutes.
describe.skipIf(browserSkipReason !== undefined)('console: bulk catalogue', () => {
  it('imports a CSV file through the wizard (preview, dry run, run), follows it to SUCCEEDED, reports the refused row and exports the search', async () => {
    const owner = await publisher();
    const word = `Glacier${tag()}`;
    const refs = [`WIZ-${tag()}-1`, `WIZ-${tag()}-2`, `WIZ-${tag()}-3`];
    // Another product of the same catalogue that the search does not match: the export must leave it out.
    const other = await server.t.request('POST', '/products', owner.token, {
      publisherRefId: `OTHER-${tag()}`,
      genericName: 'Fjord Racer',
      lifeTime: '1YEAR',
      sellingStores: ['store-eu'],
      prices: { defaultCurrency: 'EUR' },
    });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const file = [
      'publisherRefId,genericName,lifeTime,sellingStores,prices.defaultCurrency,prices.priceByCountryByCurrency.FR.EUR.value,colour',
      `${refs[0]},${word} Tracker,1YEAR,store-eu,EUR,19.99,blue`,
      `${refs[1]},${word} Mapper,forever,store-eu,EUR,29.99,red`,
      `${refs[2]},${word} Atlas,1MONTH,store-eu|store-us,EUR,"9,99",green`,
    ].join('\n');

    const page = await server.newPage();
    await signIn(page, owner.realm, owner.username, owner.password);
    await page.getByRole('link', { name: 'Products' }).first().click();
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('menuitem', { name: 'Products from a file (CSV or NDJSON)' }).click();
    const wizard = page.getByRole('dialog', { name: 'Import products' });
    const template = await wizard.getByRole('link', { name: 'Download the CSV template' }).getAttribute('href');
    expect((await server.t.inject({ method: 'GET', url: template ?? '' })).body).toMatch(/^publisherRefId,genericName/);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      wizard.getByRole('button', { name: /File \(CSV or NDJSON\)/ }).click(),
    ]);
    await chooser.setFiles({ name: 'glaciers.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await wizard.getByText('glaciers.csv').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Step 2: the first rows under their columns, read in the browser; the column the import does not know is flagged.
    await wizard.getByRole('button', { name: 'Preview the columns' }).click();
    const preview = wizard.getByRole('table', { name: 'The first 5 rows of the file' });
    await preview.getByRole('cell', { name: `${word} Atlas` }).waitFor();
    await preview.getByRole('cell', { name: '9,99' }).waitFor();
    expect(await preview.getByRole('row').count()).toBe(4);
    const unknown = wizard.getByRole('status').filter({ hasText: 'Columns the import does not know' });
    expect(await unknown.textContent()).toContain('colour: their cells are dropped');
    expect(await preview.getByRole('columnheader', { name: /not imported/ }).textContent()).toContain('colour');
    expect(await preview.getByRole('columnheader', { name: /not imported/ }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/product-import-wizard.png`, fullPage: true });

    // Step 3: the dry run, its upload slowed so that its progress shows, then what it would do: the bad row by its line.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 128,
    });
    await wizard.getByRole('button', { name: 'Check (dry run)' }).click();
    await wizard.getByText(/^Dry run: \d+ % sent$/).waitFor();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await wizard.getByText('Dry run done: 1 of 3 rows would be refused').waitFor(PATIENTLY);
    expect(await wizard.getByLabel('Would be created: 2').count()).toBe(1);
    const refused = wizard.getByRole('table', { name: 'Refused rows (1)' });
    const badRow = refused.getByRole('row', { name: /body\.lifeTime/ });
    expect(await badRow.getByRole('cell').first().textContent()).toBe('3');
    expect(await badRow.textContent()).toMatch(/lifeTime must match/);
    const nothingYet = await server.t.request('GET', `/products?q=${word}`, owner.token);
    expect((nothingYet.body as Json).totalItems).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Run: the import's own page follows it until the job has done every row.
    await wizard.getByRole('button', { name: 'Run the import' }).click();
    await page.getByRole('heading', { name: /^CSV import of / }).waitFor();
    await page.getByText('SUCCEEDED', { exact: true }).waitFor(PATIENTLY);
    await page.getByText('3 of 3 rows done').waitFor();
    expect(await page.getByLabel('Created: 2').count()).toBe(1);
    expect(await page.getByLabel('Refused: 1').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Cancel the import' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/product-import-progress.png`, fullPage: true });

    const report = await downloaded(page, () =>
      page.getByRole('button', { name: 'Download the error report (1 row)' }).click(),
    );
    expect(report.name).toMatch(/^import-.+-errors\.csv$/);
    const reported = csvRecords(report.text);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({ line: '3', field: 'body.lifeTime' });
    expect(reported[0]?.message).toMatch(/lifeTime must match/);

    // The list of imports holds the dry run and the import; the products list finds the two stored products.
    await page.getByRole('link', { name: '← Imports' }).click();
    const imports = page.getByRole('table', { name: 'Product imports' });
    await imports.getByRole('link', { name: /^CSV dry run of / }).waitFor(PATIENTLY);
    await imports.getByRole('link', { name: /^CSV import of / }).waitFor();
    await page.getByRole('link', { name: '← Products' }).click();
    await page.getByLabel('Search', { exact: true }).fill(word);
    await page.waitForURL(new RegExp(`q=${word}`));
    const table = page.getByRole('table', { name: 'Products' });
    await table.getByRole('link', { name: `${word} Tracker` }).waitFor(PATIENTLY);
    await table.getByRole('link', { name: `${word} Atlas` }).waitFor();
    expect(await table.getByRole('link', { name: `${word} Mapper` }).count()).toBe(0);

    // The export takes the list's search: exactly the two imported products, never the catalogue's other one.
    const exportAs = async (format: string) =>
      downloaded(page, async () => {
        await page.getByRole('button', { name: 'Export' }).click();
        await page.getByRole('menuitem', { name: new RegExp(`^${format}`) }).click();
      });
    const csv = await exportAs('CSV');
    expect(csv.name).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = csvRecords(csv.text);
    expect(exported.map((row) => row.publisherRefId).sort()).toEqual([refs[0], refs[2]].sort());
    expect(exported.find((row) => row.publisherRefId === refs[2])).toMatchObject({
      genericName: `${word} Atlas`,
      sellingStores: 'store-eu|store-us',
      'prices.priceByCountryByCurrency.FR.EUR.value': '9.99',
    });
    const ndjson = await exportAs('NDJSON');
    const lines = ndjson.text.split('\n').filter(Boolean);
    expect(lines.map((line) => (JSON.parse(line) as Json).genericName).sort()).toEqual(
      [`${word} Atlas`, `${word} Tracker`].sort(),
    );
    expect(server.problems).toEqual([]);
    await page.close();
  }, 180_000);
});
