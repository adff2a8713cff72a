import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Json } from '../support/json.js';
import { unique } from '../support/unique.js';
import { browserSkipReason } from './chromium.js';
import { SCREENSHOTS, seriousA11yViolations, signIn, signInAsOperator, useConsoleServer } from './console-server.js';

const server = await useConsoleServer();

/** The preview waits for its debounce, then the API: slower on a loaded machine than expect.poll's default second. */
const PATIENTLY = { timeout: 20_000 };

async function created(method: 'POST' | 'PUT', url: string, body: Json): Promise<Json> {
  const res = await server.t.request(method, url, await server.t.operator(), body);
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Json;
}

/** A product listed at EUR 120.00 VAT included in France (net 100.00, VAT 20.00). */
const createProduct = (overrides: Json = {}) =>
  created('POST', '/products', {
    genericName: unique('Studio'),
    publisherRefId: unique('REF'),
    lifeTime: '1YEAR',
    sellingStores: ['store-eu'],
    prices: { defaultCurrency: 'EUR', priceByCountryByCurrency: { FR: { EUR: { value: 120, vatIncluded: true } } } },
    ...overrides,
  });

const createFunction = (body: Json) => created('POST', '/price-functions', { name: unique('Function'), ...body });

async function chooseProduct(page: Page, product: Json) {
  const picker = page.getByRole('combobox', { name: 'Product', exact: true });
  await picker.fill(product.publisherRefId);
  await page.getByRole('option', { name: new RegExp(product.publisherRefId) }).click();
}

/**
 * The page errors and console errors of the tests, less the API answers a test provokes on purpose: Chromium logs every
 * 4xx answer to fetch as a console error ("Failed to load resource").
 */
const unexpectedProblems = (...expected: number[]) =>
  server.problems.filter(
    (problem) =>
      !expected.some((status) =>
        problem.includes(`Failed to load resource: the server responded with a status of ${status}`),
      ),
  );

/** A full-page screenshot from the top (the header is fixed: scrolled, it would be drawn mid-page). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

const pricedRow = (page: Page, label: string) =>
  page.getByRole('table', { name: 'Priced view' }).getByRole('row', { name: new RegExp(`^${label}`) });

describe.skipIf(browserSkipReason !== undefined)('console: price functions', () => {
  it('creates a function, prices a product with it, and the preview shows the changed price as the parameter changes', async () => {
    const product = await createProduct();
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.getByRole('link', { name: 'Price functions' }).first().click();
    await page.getByRole('heading', { name: 'Price functions', level: 1 }).waitFor();
    await page.mouse.move(700, 10); // off the navigation link, whose hover colour is the layout's
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'New price function' }).click();
    const dialog = page.getByRole('dialog', { name: 'New price function' });
    const name = unique('Volume discount');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Expression').fill('price * 0.5');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();

    // A parameter, then an expression that reads it.
    await page.getByRole('button', { name: 'Add a parameter' }).click();
    const parameter = page.getByRole('group', { name: 'Parameter 1' });
    await parameter.getByLabel('Field').fill('discount');
    await parameter.getByLabel('Default value').fill('10');
    await parameter.getByLabel('Minimum').fill('0');
    await parameter.getByLabel('Maximum').fill('90');
    await page.getByLabel('Expression').fill('price * (100 - discount) / 100');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('version 1', { exact: true }).waitFor();

    await chooseProduct(page, product);
    await page.getByText('This product has no price function').waitFor();
    await expect.poll(() => pricedRow(page, 'Price').textContent(), PATIENTLY).toContain('120.00 EUR');
    await page.getByRole('button', { name: 'Price this product with this function' }).click();
    await expect.poll(() => pricedRow(page, 'Price').textContent(), PATIENTLY).toContain('108.00 EUR');
    expect(await pricedRow(page, 'Net').textContent()).toContain('90.00 EUR');
    expect(await pricedRow(page, 'VAT').textContent()).toContain('18.00 EUR');
    const linked = await server.t.request('GET', `/products/${product.id}`, await server.t.operator());
    expect((linked.body as Json).priceFunction).toBe(page.url().split('/').pop());

    await page.getByLabel('Parameter discount').fill('50');
    await page.getByLabel('Quantity').fill('3');
    await expect.poll(() => pricedRow(page, 'Price').textContent(), PATIENTLY).toContain('180.00 EUR');
    expect(await pricedRow(page, 'Price').textContent()).toContain('60.00 EUR');
    await page.getByText('Evaluated with discount = 50').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'price-function-editor');
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it('lists the functions with the name filter, sort and paging in the URL', async () => {
    const name = unique('Listed');
    const fn = await createFunction({
      name,
      expression: 'quantity >= threshold ? price * 0.85 : price',
      parameters: [{ field: 'threshold', type: 'INTEGER', defaultValue: '10' }],
    });
    await createFunction({ expression: 'price' });
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/price-functions?page=0&size=20&sort=updateDate,desc&name=${encodeURIComponent(name)}`);
    await page.getByRole('link', { name }).waitFor();
    expect(await page.getByRole('table', { name: 'Price functions' }).getByRole('row').count()).toBe(2);
    await expect.poll(() => page.getByLabel('Name (exact)').inputValue(), PATIENTLY).toBe(name);
    await page.getByLabel('Name (exact)').fill('');
    await expect
      .poll(() => page.getByRole('table', { name: 'Price functions' }).getByRole('row').count(), PATIENTLY)
      .toBeGreaterThan(2);
    expect(page.url()).not.toContain('name=');
    await page.getByRole('button', { name: /^Sort by Name/ }).click();
    await expect.poll(() => page.url(), PATIENTLY).toContain('sort=name%2Casc');
    await page.goBack();
    await expect.poll(() => page.url(), PATIENTLY).toContain('sort=updateDate');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'price-functions-list');
    await page.getByRole('link', { name }).click();
    await expect.poll(() => page.url(), PATIENTLY).toContain(fn.id);
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it("shows the function's error message in the preview when its expression fails, with the list price", async () => {
    const fn = await createFunction({
      expression: 'price / divisor',
      parameters: [{ field: 'divisor', type: 'NUMBER', defaultValue: '0' }],
    });
    const product = await createProduct({ priceFunction: fn.id });
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/price-functions/${fn.id}`);
    // The preview starts on the first product the function prices.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Product', exact: true }).inputValue(), PATIENTLY)
      .toContain(product.publisherRefId);
    const failure = page.getByRole('alert').filter({ hasText: 'The price function failed' });
    await failure.waitFor();
    expect(await failure.textContent()).toContain('division by zero');
    expect(await pricedRow(page, 'Price').textContent()).toContain('120.00 EUR');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'price-function-preview-error');

    // A value that works clears it.
    await page.getByLabel('Parameter divisor').fill('4');
    await expect.poll(() => pricedRow(page, 'Price').textContent(), PATIENTLY).toContain('30.00 EUR');
    expect(await page.getByText('The price function failed').count()).toBe(0);
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it('shows a refused save on the expression field, and at 390 px wide', async () => {
    const fn = await createFunction({ expression: 'price * 2' });
    const page = await server.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsOperator(page);
    await page.goto(`/console/price-functions/${fn.id}`);
    const expression = page.getByLabel('Expression');
    await expression.fill('price * unknownRate');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/expression reads unknown identifier unknownRate/).waitFor();
    expect(await expression.getAttribute('aria-invalid')).toBe('true');
    expect((await server.t.request('GET', `/price-functions/${fn.id}`, await server.t.operator())).body).toMatchObject({
      expression: 'price * 2',
      dbVersion: 0,
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'price-function-390');
    expect(unexpectedProblems(400)).toEqual([]);
    await page.close();
  });

  it('opens the stale version dialog when someone saved the function first, and overwrites on request', async () => {
    const fn = await createFunction({ expression: 'price * 2' });
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/price-functions/${fn.id}`);
    await page.getByLabel('Expression').fill('price * 3');
    await created('PUT', `/price-functions/${fn.id}`, { name: fn.name, expression: 'price * 4', dbVersion: 0 });
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Someone saved this record after you opened it' });
    await dialog.getByRole('cell', { name: 'price * 4' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'price-function-stale');
    // Both changed the expression: the edit's value is the one chosen unless the person picks the saved one.
    await dialog.getByRole('button', { name: 'Save my changes over theirs' }).click();
    await page.getByText('version 2', { exact: true }).waitFor();
    expect((await server.t.request('GET', `/price-functions/${fn.id}`, await server.t.operator())).body).toMatchObject({
      expression: 'price * 3',
      dbVersion: 2,
    });
    expect(unexpectedProblems(400, 412)).toEqual([]);
    await page.close();
  });

  it('duplicates a function to a customer and opens the copy', async () => {
    const fn = await createFunction({
      expression: 'price * factor',
      parameters: [{ field: 'factor', type: 'NUMBER', defaultValue: '2' }],
    });
    const { customerId } = await server.t.tenant();
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/price-functions/${fn.id}`);
    await page.getByRole('button', { name: 'Duplicate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Duplicate the price function' });
    await dialog.getByLabel('To customer (id)').fill(customerId);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Duplicate' }).click();
    // The customer is named (here by its id: the tenant has a realm and no customer record), linked to its page.
    await page.getByRole('link', { name: customerId, exact: true }).waitFor();
    await page.getByText(`copied from ${fn.id}`).waitFor();
    expect(page.url()).not.toContain(fn.id);
    await screenshot(page, 'price-function-duplicate');
    expect(unexpectedProblems(400, 412)).toEqual([]);
    await page.close();
  });

  it("shows a publisher's reader its own functions read-only: no create, save, duplicate or pricing switch", async () => {
    const tenant = await server.t.tenant();
    const asTenant = async (url: string, body: Json) =>
      (await server.t.request('POST', url, tenant.token, body)).body as Json;
    const fn = await asTenant('/price-functions', { name: unique('Reader sees'), expression: 'price * 2' });
    const product = await asTenant('/products', {
      genericName: unique('Reader product'),
      publisherRefId: unique('REF'),
      lifeTime: '1YEAR',
      sellingStores: ['store-eu'],
      prices: { defaultCurrency: 'EUR', priceByCountryByCurrency: { FR: { EUR: { value: 120, vatIncluded: true } } } },
    });
    const created = await server.t.request('POST', `/iam/realms/${tenant.realm}/users`, await server.t.operator(), {
      username: 'reader',
      password: 'reader-password-1',
      scope: 'catalog:read',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const page = await server.newPage();
    await signIn(page, tenant.realm, 'reader', 'reader-password-1');
    await page.getByRole('link', { name: 'Price functions' }).first().click();
    await page.getByRole('link', { name: fn.name }).click();
    await page.getByRole('heading', { name: fn.name, level: 1 }).waitFor();
    expect(await page.getByLabel('Expression').getAttribute('readonly')).not.toBeNull();
    await chooseProduct(page, product);
    await page.getByText('This product has no price function').waitFor();
    await expect.poll(() => pricedRow(page, 'Price').textContent(), PATIENTLY).toContain('120.00 EUR');
    for (const name of ['Save', 'Duplicate', 'Add a parameter', 'Price this product with this function'])
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    await page.goto('/console/price-functions');
    await page.getByRole('link', { name: fn.name }).waitFor();
    expect(await page.getByRole('button', { name: 'New price function' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'price-functions-reader');
    expect(unexpectedProblems(400, 412)).toEqual([]);
    await page.close();
  });

  it('shows the product priced on the function page when going back to it, and an edit saved there keeps the function (issue 31)', async () => {
    const product = await createProduct({ genericName: unique('Fjord Racer') });
    const fn = await createFunction({ expression: 'price * 0.9' });
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/products/${product.id}`);
    await page.getByRole('heading', { name: product.genericName, level: 1 }).waitFor();
    await page.getByText('version 0 ·').waitFor();

    // Within the console (no reload): the function's page, through its list.
    await page.getByRole('link', { name: 'Price functions' }).first().click();
    await page.getByLabel('Name (exact)').fill(fn.name);
    await page.getByRole('link', { name: fn.name }).click();
    await page.getByRole('heading', { name: fn.name, level: 1 }).waitFor();
    await chooseProduct(page, product);
    await page.getByRole('button', { name: 'Price this product with this function' }).click();
    await page.getByText('This product is priced by this function.').waitFor(PATIENTLY);

    // Back to the product page: it shows the version the function page saved, not the one it had read before.
    for (let back = 0; back < 6 && !page.url().includes(`/products/${product.id}`); back += 1) await page.goBack();
    await page.getByRole('heading', { name: product.genericName, level: 1 }).waitFor();
    await page.getByText('version 1 ·').waitFor(PATIENTLY);
    await page.getByLabel('Name', { exact: true }).fill(`${product.genericName} Pro`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('version 2 ·').waitFor(PATIENTLY);
    const saved = (await server.t.request('GET', `/products/${product.id}`, await server.t.operator())).body as Json;
    expect(saved).toMatchObject({ genericName: `${product.genericName} Pro`, priceFunction: fn.id });
    expect(unexpectedProblems()).toEqual([]);
    await page.close();
  });

  it('merges a product edit with a price function set meanwhile: the edit is saved, the function kept (issue 31)', async () => {
    const product = await createProduct({ genericName: unique('Comet') });
    const fn = await createFunction({ expression: 'price * 0.8' });
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/products/${product.id}`);
    await page.getByRole('heading', { name: product.genericName, level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(`${product.genericName} (edited)`);
    // What the function page's switch does, from another tab: the product without its prices, with the function.
    const { prices: _prices, ...rest } = product;
    await created('PUT', `/products/${product.id}/without-prices`, { ...rest, priceFunction: fn.id });
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Someone saved this record after you opened it' });
    await dialog.getByRole('row', { name: /^Price function .* their change is kept/ }).waitFor();
    await dialog.getByRole('row', { name: /^Name .* your edit is saved/ }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save my changes over theirs' }).click();
    await page.getByText('version 2 ·').waitFor(PATIENTLY);
    const saved = (await server.t.request('GET', `/products/${product.id}`, await server.t.operator())).body as Json;
    expect(saved).toMatchObject({ genericName: `${product.genericName} (edited)`, priceFunction: fn.id });
    expect(unexpectedProblems(412)).toEqual([]);
    await page.close();
  });

  it('creates a function with the parameters its expression reads, in one step (issue 31)', async () => {
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto('/console/price-functions');
    await page.getByRole('button', { name: 'New price function' }).click();
    const dialog = page.getByRole('dialog', { name: 'New price function' });
    const name = unique('One step');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Expression').fill('price * (100 - discount) / 100');
    await dialog.getByRole('button', { name: 'Add a parameter' }).click();
    const parameter = dialog.getByRole('group', { name: 'Parameter 1' });
    await parameter.getByLabel('Field').fill('discount');
    await parameter.getByLabel('Default value').fill('15');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const id = page.url().split('/').pop()!;
    const stored = (await server.t.request('GET', `/price-functions/${id}`, await server.t.operator())).body as Json;
    expect(stored).toMatchObject({
      expression: 'price * (100 - discount) / 100',
      parameters: [{ field: 'discount', defaultValue: '15' }],
    });
    expect(unexpectedProblems()).toEqual([]);
    await page.close();
  });
});
