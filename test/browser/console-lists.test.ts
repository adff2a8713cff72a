import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Json } from '../support/json.js';
import { browserSkipReason } from './chromium.js';
import { SCREENSHOTS, seriousA11yViolations, signInAsOperator, useConsoleServer } from './console-server.js';

const server = await useConsoleServer();

/** Lists follow the API after a debounce and a read: slower on a loaded machine than expect.poll's default second. */
const PATIENTLY = { timeout: 20_000 };

const tag = () => randomBytes(3).toString('hex').toUpperCase();

async function created(url: string, body: Json): Promise<Json> {
  const res = await server.t.request('POST', url, await server.t.operator(), body);
  if (res.status !== 201) throw new Error(`POST ${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Json;
}

/** Products in a store of their own, created in this order (the last is the newest). */
async function productsIn(store: string, names: string[]): Promise<Json[]> {
  const made: Json[] = [];
  for (const genericName of names)
    made.push(
      await created('/products', {
        genericName,
        publisherRefId: `REF-${tag()}`,
        lifeTime: '1YEAR',
        status: 'ENABLED',
        sellingStores: [store],
        prices: {
          defaultCurrency: 'EUR',
          priceByCountryByCurrency: { FR: { EUR: { value: 120, vatIncluded: true } } },
        },
      }),
    );
  return made;
}

async function stored(id: string): Promise<Json> {
  return (await server.t.request('GET', `/products/${id}`, await server.t.operator())).body as Json;
}

/** Someone else saves the product meanwhile: the list's copy of it is now stale. */
async function savedElsewhere(id: string, change: Json = { lifeTime: '2YEAR' }): Promise<void> {
  const product = await stored(id);
  const res = await server.t.request('PUT', `/products/${id}`, await server.t.operator(), { ...product, ...change });
  expect(res.status).toBe(200);
}

const productsTable = (page: Page) => page.getByRole('table', { name: 'Products' });

/** The names in the Name column of the table, top to bottom. */
const shownNames = (page: Page) =>
  productsTable(page)
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('a')?.textContent ?? ''));

/** Chromium logs every 4xx answer as a console error; the 412s a test provokes on purpose are not problems. */
const unexpectedProblems = () => server.problems.filter((problem) => !problem.includes('status of 412'));

// Each test walks a list on a machine shared with other work (and a PostgreSQL run is slower): 2 minutes each.
describe.skipIf(browserSkipReason !== undefined)('console: lists', () => {
  it('lists products and price functions newest first until another sort is picked', async () => {
    const store = `store-${tag().toLowerCase()}`;
    await productsIn(store, ['Alder first', 'Birch second', 'Cedar third']);
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/products?sellingStores=${store}`);
    await expect.poll(() => shownNames(page), PATIENTLY).toEqual(['Cedar third', 'Birch second', 'Alder first']);
    expect(await page.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBe('descending');
    await page.getByRole('button', { name: 'Sort by Name, ascending' }).click();
    await expect.poll(() => shownNames(page), PATIENTLY).toEqual(['Alder first', 'Birch second', 'Cedar third']);

    const older = await created('/price-functions', { name: `Older ${tag()}`, expression: 'price' });
    const newer = await created('/price-functions', { name: `Newer ${tag()}`, expression: 'price' });
    await page.goto('/console/price-functions');
    const firstRows = page.getByRole('table', { name: 'Price functions' }).locator('tbody tr a');
    await expect.poll(() => firstRows.first().textContent(), PATIENTLY).toBe(newer.name);
    expect(await firstRows.nth(1).textContent()).toBe(older.name);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(unexpectedProblems()).toEqual([]);
    await page.close();
  }, 120_000);

  it('disables, prices and enables picked products one by one, and names the row that changed elsewhere', async () => {
    const store = `store-${tag().toLowerCase()}`;
    const products = await productsIn(store, ['Bulk Ash', 'Bulk Beech', 'Bulk Chestnut', 'Bulk Dogwood']);
    const pricing = await created('/price-functions', { name: `Bulk pricing ${tag()}`, expression: 'price * 0.9' });
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/products?sellingStores=${store}`);
    await expect.poll(() => shownNames(page), PATIENTLY).toHaveLength(4);

    // Shift-click picks the range from the row clicked last.
    await page.getByRole('checkbox', { name: 'Select Bulk Dogwood' }).click();
    await page.getByRole('checkbox', { name: 'Select Bulk Beech' }).click({ modifiers: ['Shift'] });
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('3 selected').waitFor();
    await page.getByRole('checkbox', { name: 'Select every row of this page' }).click();
    await bar.getByText('4 selected').waitFor();

    await savedElsewhere(products[1]!.id);
    await bar.getByRole('button', { name: 'Disable' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Disable: 3 of 4 changed' });
    await summary.getByText('Bulk Beech: Someone saved this record after you opened it.').waitFor(PATIENTLY);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/products-bulk.png`, fullPage: true });
    const statuses = async () => Promise.all(products.map(async (product) => (await stored(product.id)).status));
    expect(await statuses()).toEqual(['DISABLED', 'ENABLED', 'DISABLED', 'DISABLED']);

    // The list was read again: the failed row can be retried; another row is now stale.
    await savedElsewhere(products[2]!.id);
    await bar.getByRole('button', { name: 'Price function…' }).click();
    await page.getByRole('combobox', { name: 'Price function' }).fill(pricing.name);
    await page.getByRole('option', { name: pricing.name }).click();
    await page.getByRole('button', { name: 'Set on the selected' }).click();
    const priced = page.getByRole('alert').filter({ hasText: `Set price function ${pricing.name}: 3 of 4 changed` });
    await priced.getByText('Bulk Chestnut: Someone saved this record after you opened it.').waitFor(PATIENTLY);
    const functions = async () =>
      Promise.all(products.map(async (product) => (await stored(product.id)).priceFunction));
    expect(await functions()).toEqual([pricing.id, pricing.id, undefined, pricing.id]);

    await page.keyboard.press('Escape');
    await bar.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('alert').filter({ hasText: 'Enable: 4 of 4 changed' }).waitFor(PATIENTLY);
    expect(await statuses()).toEqual(['ENABLED', 'ENABLED', 'ENABLED', 'ENABLED']);
    // Prices are never touched by a bulk action.
    expect((await stored(products[0]!.id)).prices).toEqual(products[0]!.prices);
    expect(unexpectedProblems()).toEqual([]);
    server.problems.length = 0;
    await page.close();
  }, 120_000);

  it('saves a view of the filters, sort and columns under a name, and restores it after a reload', async () => {
    const [disabled] = await productsIn(`store-${tag().toLowerCase()}`, [`Viewed ${tag()}`]);
    await savedElsewhere(disabled!.id, { status: 'DISABLED' });
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto('/console/products');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'DISABLED' }).click();
    await page.getByRole('button', { name: 'Sort by Name, ascending' }).click();
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Stores' }).uncheck();
    await expect.poll(() => page.url(), PATIENTLY).toContain('hidden=Stores');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save view' }).click();
    await page.getByRole('textbox', { name: 'View name' }).fill('Disabled by name');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Saved view' }).inputValue()).toBe('Disabled by name');

    await page.goto('/console/products');
    // Loaded first: a reload while the session's refresh is under way would lose the rotated refresh token.
    await page.getByRole('columnheader', { name: 'Stores' }).waitFor(PATIENTLY);
    await page.reload();
    await page.getByRole('columnheader', { name: 'Stores' }).waitFor(PATIENTLY);
    await page.getByRole('combobox', { name: 'Saved view' }).click();
    await page.getByRole('option', { name: 'Disabled by name' }).click();
    await expect.poll(() => page.url(), PATIENTLY).toContain('status=DISABLED');
    expect(page.url()).toContain('sort=genericName%2Casc');
    await expect.poll(() => page.getByRole('columnheader', { name: 'Stores' }).count(), PATIENTLY).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('DISABLED');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(unexpectedProblems()).toEqual([]);
    await page.close();
  }, 120_000);

  it('moves through the rows with j and k, picks one with x and opens it with Enter', async () => {
    const store = `store-${tag().toLowerCase()}`;
    await productsIn(store, ['Keyed Elm', 'Keyed Fir', 'Keyed Gum']);
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/products?sellingStores=${store}`);
    await expect.poll(() => shownNames(page), PATIENTLY).toEqual(['Keyed Gum', 'Keyed Fir', 'Keyed Elm']);
    await page.getByRole('heading', { name: 'Products', level: 1 }).click();
    for (const key of ['j', 'j', 'ArrowDown', 'k']) await page.keyboard.press(key);
    const focused = () => page.evaluate(() => document.activeElement?.querySelector('a')?.textContent);
    expect(await focused()).toBe('Keyed Fir');
    await page.keyboard.press('x');
    await page.getByRole('region', { name: 'Bulk actions' }).getByText('1 selected').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Select Keyed Fir' }).isChecked()).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Keyed Fir', level: 1 }).waitFor(PATIENTLY);
    expect(unexpectedProblems()).toEqual([]);
    await page.close();
  }, 120_000);

  it('opens the palette with Ctrl+K and goes to a screen, and to a product found by its name', async () => {
    const word = `Zephyr${tag()}`;
    const [product] = await productsIn(`store-${tag().toLowerCase()}`, [`${word} Studio`]);
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.keyboard.press('Control+K');
    const search = page.getByRole('textbox', { name: 'Screen or record to go to' });
    await search.fill('price fun');
    await page.getByRole('button', { name: /^Price functions/ }).click();
    await page.getByRole('heading', { name: 'Price functions', level: 1 }).waitFor();

    // From a text field too.
    await page.getByLabel('Name (exact)').focus();
    await page.keyboard.press('Control+K');
    await search.fill(word.toLowerCase());
    const found = page.getByRole('button', { name: new RegExp(`^${word} Studio`) });
    await found.waitFor(PATIENTLY);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/command-palette.png` });
    await found.click();
    await page.getByRole('heading', { name: `${word} Studio`, level: 1 }).waitFor(PATIENTLY);
    expect(new URL(page.url()).pathname).toBe(`/console/products/${product!.id}`);
    expect(unexpectedProblems()).toEqual([]);
    await page.close();
  }, 120_000);
});
