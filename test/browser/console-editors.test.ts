import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Json } from '../support/json.js';
import { unique } from '../support/unique.js';
import { browserSkipReason } from './chromium.js';
import { seriousA11yViolations, signInAsOperator, useConsoleServer } from './console-server.js';

/** How every record editor keeps an edit (issue 31): following other saves, merging on a 412, errors on the field. */
const server = await useConsoleServer();

const PATIENTLY = { timeout: 20_000 };

async function call(method: 'GET' | 'POST' | 'PUT', url: string, body?: Json): Promise<Json> {
  const res = await server.t.request(method, url, await server.t.operator(), body);
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Json;
}

const createProduct = () =>
  call('POST', '/products', {
    genericName: unique('Harbour Lamp'),
    publisherRefId: unique('REF'),
    lifeTime: '1YEAR',
    sellingStores: ['store-eu'],
    prices: { defaultCurrency: 'EUR', priceByCountryByCurrency: { FR: { EUR: { value: 120, vatIncluded: true } } } },
  });

const createFunction = (expression: string) =>
  call('POST', '/price-functions', { name: unique('Function'), expression });

/** The person comes back to the tab: the console reads what the page shows again (as on a window focus). */
const comeBack = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));

async function openSignedIn(path: string): Promise<Page> {
  const page = await server.newPage();
  await signInAsOperator(page);
  await page.goto(path);
  return page;
}

/** On a price function's page: the product's priced view, then the switch that prices the product with this function. */
async function priceWithFunction(fn: Json, product: Json) {
  const page = await openSignedIn(`/console/price-functions/${fn.id}`);
  await page.getByRole('heading', { name: fn.name, level: 1 }).waitFor();
  await page.getByRole('combobox', { name: 'Product', exact: true }).fill(product.publisherRefId);
  await page.getByRole('option', { name: new RegExp(product.publisherRefId) }).click();
  await page.getByRole('button', { name: 'Price this product with this function' }).click();
  await page.getByText('This product is priced by this function.').waitFor(PATIENTLY);
  await page.close();
}

const staleDialog = (page: Page) => page.getByRole('dialog', { name: 'Someone saved this record after you opened it' });

describe.skipIf(browserSkipReason !== undefined)('console: record editors keep every edit (issue 31)', () => {
  it('a product page follows the price function set on the function page, and an edit saved then keeps it', async () => {
    const product = await createProduct();
    const fn = await createFunction('price * 0.9');
    const page = await openSignedIn(`/console/products/${product.id}`);
    await page.getByText('version 0 ·').waitFor();
    // Nothing edited: coming back to the tab shows the version the function page saved.
    await priceWithFunction(fn, product);
    await comeBack(page);
    await page.getByText('version 1 ·').waitFor(PATIENTLY);
    await page.getByLabel('Name', { exact: true }).fill(`${product.genericName} Pro`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('version 2 ·').waitFor(PATIENTLY);
    expect(await call('GET', `/products/${product.id}`)).toMatchObject({
      genericName: `${product.genericName} Pro`,
      priceFunction: fn.id,
    });
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it('a product edit made before a price function is set keeps the function when the 412 is resolved', async () => {
    const product = await createProduct();
    const fn = await createFunction('price * 0.8');
    const page = await openSignedIn(`/console/products/${product.id}`);
    const name = page.getByLabel('Name', { exact: true });
    await name.fill(`${product.genericName} Max`);
    // Edited: the edit stays when the function is set meanwhile, and the page says a newer version exists.
    await priceWithFunction(fn, product);
    await comeBack(page);
    await page.getByText('Version 1 was saved after you opened version 0.').waitFor(PATIENTLY);
    expect(await name.inputValue()).toBe(`${product.genericName} Max`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = staleDialog(page);
    await dialog.getByRole('row', { name: /^Price function .* their change is kept$/ }).waitFor();
    await dialog.getByRole('row', { name: /^Name .* your edit is saved$/ }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save my changes over theirs' }).click();
    await page.getByText('version 2 ·').waitFor(PATIENTLY);
    expect(await call('GET', `/products/${product.id}`)).toMatchObject({
      genericName: `${product.genericName} Max`,
      priceFunction: fn.id,
    });
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it('saves an edit of one feature over another feature changed meanwhile: the stored customer has both', async () => {
    const customer = await call('POST', '/customers', {
      name: unique('Two Edits'),
      vatNumber: 'FR55123456789',
      features: {},
    });
    const page = await openSignedIn(`/console/customers/${customer.id}`);
    await page.getByRole('heading', { name: customer.name, level: 1 }).waitFor();
    await page.getByLabel('Product management').check();
    const stored = await call('GET', `/customers/${customer.id}`);
    await call('PUT', `/customers/${customer.id}`, {
      ...stored,
      features: { ...stored.features, createInvoice: true },
    });

    await page.getByRole('button', { name: 'Save customer' }).click();
    const dialog = staleDialog(page);
    await dialog.getByRole('row', { name: /^Features › Create invoice .* their change is kept$/ }).waitFor();
    await dialog.getByRole('row', { name: /^Features › Product management .* your edit is saved$/ }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save my changes over theirs' }).click();
    await page.getByText('Customer saved').waitFor();
    expect((await call('GET', `/customers/${customer.id}`)).features).toMatchObject({
      createInvoice: true,
      productManagement: true,
    });
    await expect.poll(() => page.getByLabel('Create invoice').isChecked()).toBe(true);
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it('an unedited editor shows the version saved elsewhere; an edited one keeps its draft and merges on save', async () => {
    const fn = await createFunction('price * 2');
    const page = await openSignedIn(`/console/price-functions/${fn.id}`);
    await page.getByRole('heading', { name: fn.name, level: 1 }).waitFor();
    const expression = page.getByLabel('Expression');
    const renamed = `${fn.name} (renamed)`;
    await call('PUT', `/price-functions/${fn.id}`, { name: renamed, expression: 'price * 3', dbVersion: 0 });
    await comeBack(page);
    await page.getByRole('heading', { name: renamed, level: 1 }).waitFor(PATIENTLY);
    expect(await expression.inputValue()).toBe('price * 3');

    await expression.fill('price * 5');
    await call('PUT', `/price-functions/${fn.id}`, {
      name: `${fn.name} (again)`,
      expression: 'price * 3',
      dbVersion: 1,
    });
    await comeBack(page);
    await page.getByText('Version 2 was saved after you opened version 1.').waitFor(PATIENTLY);
    expect(await expression.inputValue()).toBe('price * 5');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await staleDialog(page)
      .getByRole('row', { name: /^Name .* their change is kept$/ })
      .waitFor();
    await staleDialog(page).getByRole('button', { name: 'Save my changes over theirs' }).click();
    await page.getByText('version 3', { exact: true }).waitFor(PATIENTLY);
    expect(await call('GET', `/price-functions/${fn.id}`)).toMatchObject({
      name: `${fn.name} (again)`,
      expression: 'price * 5',
    });
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it("keeps a customer's unsaved features when its client secret is rotated on the same page", async () => {
    const customer = await call('POST', '/customers', {
      name: unique('Rotating'),
      vatNumber: 'FR55123456789',
      features: {},
    });
    const page = await openSignedIn(`/console/customers/${customer.id}`);
    await page.getByRole('heading', { name: customer.name, level: 1 }).waitFor();
    await page.getByLabel('Product management').check();
    await page.getByRole('button', { name: 'Rotate the client secret' }).click();
    await page.getByLabel(`New client secret of realm ${customer.realmName}`, { exact: true }).waitFor();
    expect(await page.getByLabel('Product management').isChecked()).toBe(true);
    await page.getByText('unsaved changes').waitFor();
    // The rotation made a version after the one the edit started from: saving merges with it.
    await page.getByRole('button', { name: 'Save customer' }).click();
    const dialog = staleDialog(page);
    await dialog.getByRole('row', { name: /^Features › Product management .* your edit is saved$/ }).waitFor();
    await dialog.getByRole('button', { name: 'Save my changes over theirs' }).click();
    await page.getByText('Customer saved').waitFor();
    expect((await call('GET', `/customers/${customer.id}`)).features).toMatchObject({ productManagement: true });
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it('shows a refused save on the field it names, not only below the form', async () => {
    const terms = await call('POST', '/terms', {
      startDate: '2027-01-01T00:00:00Z',
      template: '<p>Terms</p>',
      model: 'MOR',
      status: 'DRAFT',
    });
    const page = await openSignedIn(`/console/terms/${terms.id}`);
    const template = page.getByLabel(/^Template \(HTML\)/);
    await template.fill('');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('template is required').waitFor();
    expect(await template.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').filter({ hasText: 'Not saved' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(server.problems).toEqual([]);
    await page.close();
  });
});
