import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, type Json } from '../catalog/catalog-factories.js';
import { createCustomer } from '../customers/customer-factories.js';
import { browserSkipReason } from './chromium.js';
import { SCREENSHOTS, seriousA11yViolations, signIn, signInAsOperator, useConsoleServer } from './console-server.js';

const server = await useConsoleServer();
let operator: string;

beforeAll(async () => {
  if (browserSkipReason) return;
  operator = await server.t.operator();
});

const tag = () => randomBytes(3).toString('hex').toUpperCase();

async function productOf(id: string): Promise<Json> {
  const res = await server.t.request('GET', `/products/${id}`, operator);
  expect(res.status).toBe(200);
  return res.body as Json;
}

/** The id of the product the page shows, from its address. */
const shownProductId = (page: Page) => new URL(page.url()).pathname.split('/').pop() ?? '';

// Each test walks several screens on a machine shared with other work: 2 minutes each.
describe.skipIf(browserSkipReason !== undefined)('the console’s products', () => {
  it('lets the operator create a product with prices, texts and a variant, then find it by a filter and by the search', async () => {
    const page = await server.newPage();
    const ref = `APS-${tag()}`;
    await signInAsOperator(page);
    await page.getByRole('link', { name: 'Products' }).first().click();
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'New product' }).click();
    const creation = page.getByRole('dialog', { name: 'New product' });
    await creation.getByLabel('Name').fill('Aurora Photo Suite');
    await creation.getByLabel('Publisher reference').fill(ref);
    await creation.getByRole('combobox', { name: 'Selling stores' }).fill('store-eu');
    await creation.getByRole('combobox', { name: 'Selling stores' }).press('Enter');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await creation.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Aurora Photo Suite', level: 1 }).waitFor();
    const productId = shownProductId(page);

    await page.getByRole('tab', { name: 'Prices' }).click();
    // Countries and currencies are picked by name or code, never typed as free text.
    const choose = async (label: string, typed: string, option: string | RegExp) => {
      await page.getByRole('combobox', { name: label, exact: true }).fill(typed);
      await page.getByRole('option', { name: option }).click();
    };
    await choose('Country', 'France', 'France (FR)');
    await choose('Currency', 'EUR', /^EUR · /);
    await page.getByRole('button', { name: 'Add price' }).click();
    await page.getByText('Enter the price: a new price never starts at 0.').waitFor();
    for (const [country, currency, price] of [
      ['France', 'EUR', '119.99'],
      ['United States', 'USD', '99.99'],
    ]) {
      await choose('Country', country!, new RegExp(`^${country} \\(`));
      await choose('Currency', currency!, new RegExp(`^${currency} · `));
      await page.getByLabel('Price', { exact: true }).fill(price!);
      await page.getByRole('button', { name: 'Add price' }).click();
    }
    expect(await page.getByLabel('Price FR EUR').inputValue()).toBe('119.99');
    // US prices are quoted before tax: VAT is not included there unless said; French ones include it.
    expect(await page.getByLabel('VAT included US USD').isChecked()).toBe(false);
    expect(await page.getByLabel('VAT included FR EUR').isChecked()).toBe(true);
    await page.getByRole('tab', { name: 'Texts' }).click();
    await page.getByLabel('New locale').fill('en');
    await page.getByRole('button', { name: 'Add locale' }).click();
    await page.getByLabel('Marketing name (en)').fill('Aurora Photo Suite');
    await page.getByLabel('Short description (en)').fill('Develop your northern lights photographs');
    await page.getByLabel('New locale').fill('fr');
    await page.getByRole('button', { name: 'Add locale' }).click();
    await page.getByLabel('Marketing name (fr)').fill('Suite Photo Aurore');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('version 1 ·').waitFor();
    expect(await productOf(productId)).toMatchObject({
      publisherRefId: ref,
      sellingStores: ['store-eu'],
      prices: {
        defaultCurrency: 'EUR',
        priceByCountryByCurrency: {
          FR: { EUR: { value: 119.99, vatIncluded: true } },
          US: { USD: { value: 99.99, vatIncluded: false } },
        },
      },
    });
    const { descriptionId } = await productOf(productId);
    const description = (await server.t.request('GET', `/descriptions/${descriptionId}`, operator)).body as Json;
    expect(description).toMatchObject({
      localizedMarketingName: { en: 'Aurora Photo Suite', fr: 'Suite Photo Aurore' },
      localizedShortDesc: { en: 'Develop your northern lights photographs' },
    });
    await page.getByRole('tab', { name: 'Prices' }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/product-editor.png`, fullPage: true });

    await page.getByRole('tab', { name: 'Variants' }).click();
    await page.getByText('This product has no variant.').waitFor();
    await page.getByRole('button', { name: 'New variant' }).click();
    const variantCreation = page.getByRole('dialog', { name: 'New variant of Aurora Photo Suite' });
    await variantCreation.getByLabel('Name').fill('Aurora Photo Suite Monthly');
    await variantCreation.getByLabel('Publisher reference').fill(`${ref}-M`);
    // A lifetime is picked in words ("1 month"), not typed as the API's code.
    await variantCreation.getByRole('combobox', { name: 'Lifetime' }).fill('1 mon');
    await page.getByRole('option', { name: '1 month (1MONTH)' }).click();
    await variantCreation.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Aurora Photo Suite Monthly', level: 1 }).waitFor();
    expect((await productOf(shownProductId(page))).parentId).toBe(productId);
    await page.getByRole('link', { name: 'Variant of Aurora Photo Suite', exact: true }).click();
    await page.getByRole('heading', { name: 'Aurora Photo Suite', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Variants' }).click();
    await page
      .getByRole('table', { name: 'Variants of this product' })
      .getByRole('link', { name: 'Aurora Photo Suite Monthly' })
      .waitFor();

    // The search (`q`) finds the product by a word of its description, and its variant by its parent's words.
    await page.getByRole('link', { name: '← Products' }).click();
    await page.getByLabel('Search', { exact: true }).fill('northern');
    const table = page.getByRole('table', { name: 'Products' });
    await page.waitForURL(/q=northern/);
    // The parent's name shows twice: its own row, and the variant's "Variant of".
    await table.getByRole('link', { name: 'Aurora Photo Suite', exact: true }).first().waitFor();
    await table.getByRole('link', { name: 'Aurora Photo Suite Monthly' }).waitFor();
    await expect.poll(async () => table.getByRole('row').count()).toBe(3);
    await page.getByRole('button', { name: 'Clear 1 filter' }).click();
    // A filter: the monthly lifetime in store-eu lists the variant and not its parent.
    await page.getByRole('combobox', { name: 'Lifetime' }).fill('1 month');
    await page.getByRole('option', { name: '1 month (1MONTH)' }).click();
    const stores = page.getByRole('combobox', { name: 'Selling stores' });
    await stores.fill('store-eu');
    await stores.press('Enter');
    await page.waitForURL(/lifeTime=1MONTH/);
    await page.waitForURL(/sellingStores=store-eu/);
    await table.getByRole('link', { name: 'Aurora Photo Suite Monthly' }).waitFor();
    // The variant's row only (its parent named in "Variant of"), with the header row.
    await expect.poll(async () => table.getByRole('row').count()).toBe(2);
    await table.getByRole('link', { name: 'Aurora Photo Suite', exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/products-list.png`, fullPage: true });
    // The parent filter names the parent: it is picked by its name, never typed as an id.
    await page.getByRole('button', { name: 'Clear 2 filters' }).click();
    await page.getByRole('button', { name: 'More filters' }).click();
    await page.getByRole('combobox', { name: 'Variant of' }).fill('Aurora Photo');
    await page.getByRole('option', { name: `Aurora Photo Suite (${ref})` }).click();
    await page.waitForURL(new RegExp(`parentId=${productId}`));
    await table.getByRole('link', { name: 'Aurora Photo Suite Monthly' }).waitFor();
    await expect.poll(async () => table.getByRole('row').count()).toBe(2);
    expect(server.problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('opens the stale-version dialog when the product was saved elsewhere, and reload shows the saved value', async () => {
    const product = await createProduct(server.t, operator, { genericName: 'Comet Tracker' });
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/products/${product.id}`);
    await page.getByRole('heading', { name: 'Comet Tracker', level: 1 }).waitFor();
    // A 400 names its field: the message is shown on the publisher reference's input, not below the form.
    const reference = page.getByRole('textbox', { name: /^Publisher reference/ });
    await reference.fill('R'.repeat(81));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => reference.getAttribute('aria-invalid')).toBe('true');
    const refused = page.getByText(/publisherRefId must be at most 80 characters/);
    await refused.waitFor();
    expect(await refused.count()).toBe(1);
    await reference.fill(product.publisherRefId);
    await page.getByLabel('Name', { exact: true }).fill('Comet Tracker (my edit)');
    const elsewhere = await server.t.request('PUT', `/products/${product.id}`, operator, {
      ...product,
      genericName: 'Comet Tracker Deluxe',
      prices: { ...product.prices, priceByCountryByCurrency: { FR: { EUR: { value: 99, vatIncluded: true } } } },
    });
    expect(elsewhere.status).toBe(200);
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Someone saved this record after you opened it' });
    await dialog.getByRole('cell', { name: 'Comet Tracker Deluxe' }).waitFor();
    // Each field reads as the form labels it: "Name", a price by its country and currency, never a path.
    await dialog.getByRole('cell', { name: 'Name', exact: true }).waitFor();
    await dialog.getByRole('cell', { name: 'Price, France (FR), EUR', exact: true }).waitFor();
    expect(await dialog.getByText(/genericName|priceByCountryByCurrency/).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Reload (drop my edit)' }).click();
    await expect.poll(async () => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Comet Tracker Deluxe');
    await page.getByText('version 1 ·').waitFor();
    expect((await productOf(product.id)).genericName).toBe('Comet Tracker Deluxe');
    await page.screenshot({ path: `${SCREENSHOTS}/product-stale-reloaded.png`, fullPage: true });
    // Chromium logs the API's 400 and 412 answers themselves as console errors; nothing else may be reported.
    expect(
      server.problems.filter((problem) => !/status of (400 \(Bad Request\)|412 \(Precondition Failed\))/.test(problem)),
    ).toEqual([]);
    server.problems.length = 0;
    await page.close();
  }, 120_000);

  it('shows the versions of a product and the fields that differ between two of them', async () => {
    const product = await createProduct(server.t, operator, { genericName: 'Nebula Viewer', lifeTime: '1YEAR' });
    const first = await server.t.request('PUT', `/products/${product.id}`, operator, {
      ...product,
      lifeTime: '2YEAR',
      dbVersion: 0,
    });
    expect(first.status).toBe(200);
    const prices = {
      defaultCurrency: 'EUR',
      priceByCountryByCurrency: { FR: { EUR: { value: 89.5, vatIncluded: true } } },
    };
    const second = await server.t.request('PUT', `/products/${product.id}`, operator, {
      ...(first.body as Json),
      prices,
      lastUpdateReason: 'price cut',
    });
    expect(second.status).toBe(200);
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/products/${product.id}?tab=history`);
    const versions = page.getByRole('table', { name: /Versions of this product/ });
    await versions.getByRole('cell', { name: '2 (current)' }).waitFor();
    await versions.getByRole('cell', { name: 'price cut' }).waitFor();
    const changes = page.getByRole('table', { name: /Fields that differ between version 1 and version 2/ });
    const priceRow = changes.getByRole('row', { name: /prices\.priceByCountryByCurrency\.FR\.EUR\.value/ });
    await expect.poll(async () => priceRow.textContent()).toContain('89.5');
    expect(await priceRow.textContent()).toContain('119.99');
    expect(await changes.getByRole('row', { name: /lifeTime/ }).count()).toBe(0);
    await page.getByLabel('Compare from version 0').check();
    const wider = page.getByRole('table', { name: /Fields that differ between version 0 and version 2/ });
    await expect.poll(async () => wider.getByRole('row', { name: /lifeTime/ }).textContent()).toMatch(/1YEAR.*2YEAR/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/product-history.png`, fullPage: true });
    expect(server.problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('duplicates a product with its prices, moves the copy under it as a variant, and imports one after a dry run', async () => {
    const source = await createProduct(server.t, operator, { genericName: 'Meteor Mapper' });
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/products/${source.id}`);
    await page.getByRole('heading', { name: 'Meteor Mapper', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Duplicate' }).click();
    const duplication = page.getByRole('dialog', { name: 'Duplicate this product' });
    await duplication.getByLabel('Name of the copy').fill('Meteor Mapper 2');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await duplication.getByRole('button', { name: 'Duplicate' }).click();
    await page.getByRole('heading', { name: 'Meteor Mapper 2', level: 1 }).waitFor();
    const copy = await productOf(shownProductId(page));
    expect(copy).toMatchObject({
      originalId: source.id,
      publisherRefId: `${source.publisherRefId}-COPY`,
      prices: source.prices,
      sellingStores: source.sellingStores,
    });

    // Shift a variant: the copy moves under the original.
    await page.goto(`/console/products/${source.id}?tab=variants`);
    await page.getByRole('combobox', { name: 'Move a product under this one' }).click();
    await page.getByRole('option', { name: /Meteor Mapper 2/ }).click();
    await page.getByRole('button', { name: 'Make it a variant' }).click();
    await page
      .getByRole('table', { name: 'Variants of this product' })
      .getByRole('link', { name: 'Meteor Mapper 2' })
      .waitFor();
    expect((await productOf(copy.id)).parentId).toBe(source.id);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const ref = `IMP-${tag()}`;
    await page.goto('/console/products');
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('menuitem', { name: 'One product (JSON)' }).click();
    const importer = page.getByRole('dialog', { name: 'Import a product' });
    await importer.getByLabel(/Product \(JSON/).fill(
      JSON.stringify({
        publisherRefId: ref,
        genericName: 'Imported Planetarium',
        lifeTime: '1YEAR',
        sellingStores: ['store-eu'],
        prices: { defaultCurrency: 'EUR' },
      }),
    );
    await importer.getByLabel('Store id').fill('store-fr');
    await importer.getByRole('button', { name: 'Check (dry run)' }).click();
    await importer.getByText('Dry run: nothing was stored').waitFor();
    expect(((await server.t.request('GET', `/products?publisherRefId=${ref}`, operator)).body as Json).totalItems).toBe(
      0,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await importer.getByRole('button', { name: 'Import', exact: true }).click();
    await importer.getByText('Imported: a new product').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/product-import.png`, fullPage: true });
    await importer.getByRole('link', { name: 'Open Imported Planetarium' }).click();
    await page.getByRole('heading', { name: 'Imported Planetarium', level: 1 }).waitFor();
    expect((await productOf(shownProductId(page))).sellingStores).toEqual(['store-eu', 'store-fr']);
    expect(server.problems).toEqual([]);
    await page.close();
  }, 120_000);

  it("shows a reseller's user the products of the publisher it is authorized for, never another publisher's", async () => {
    const mine = await createCustomer(server.t, { name: `Borealis Games ${tag()}`, type: 'PUBLISHER' });
    const theirs = await createCustomer(server.t, { name: `Zenith Software ${tag()}`, type: 'PUBLISHER' });
    const reseller = await createCustomer(server.t, {
      name: `Polar Reseller ${tag()}`,
      type: 'RESELLER',
      authorizedCustomers: [mine.id],
    });
    const visible = await createProduct(server.t, operator, {
      customerId: mine.id,
      genericName: 'Borealis Racing',
      lifeTime: 'LIFETIME',
    });
    const hidden = await createProduct(server.t, operator, {
      customerId: theirs.id,
      genericName: 'Zenith Secret Project',
      lifeTime: 'LIFETIME',
    });
    const user = { username: 'reseller-user', password: `pw-${randomBytes(6).toString('hex')}` };
    const created = await server.t.request('POST', `/iam/realms/${reseller.realmName}/users`, operator, user);
    expect(created.status).toBe(201);

    const page = await server.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, reseller.realmName, user.username, user.password);
    await page.goto('/console/products?lifeTime=LIFETIME');
    const table = page.getByRole('table', { name: 'Products' });
    await table.getByRole('link', { name: 'Borealis Racing' }).waitFor();
    expect(await table.getByRole('link', { name: 'Zenith Secret Project' }).count()).toBe(0);
    // What the API answers the same user: the authorized publisher's product, not the other one's.
    const token = (
      await server.t.token({ realmName: reseller.realmName, username: user.username, password: user.password })
    ).access_token as string;
    const listed = (await server.t.request('GET', '/products?lifeTime=LIFETIME&size=100', token)).body as Json;
    expect(listed.items.map((item: Json) => item.id)).toContain(visible.id);
    expect(listed.items.map((item: Json) => item.id)).not.toContain(hidden.id);
    // The reseller may write (its realm holds catalog:write), so the actions are there.
    await page.getByRole('button', { name: 'New product' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/products-list-390.png`, fullPage: true });

    expect(server.problems).toEqual([]);

    // Another publisher's product, opened by its address: the API answers 404, and the page says so in plain words.
    await page.goto(`/console/products/${hidden.id}`);
    await page.getByRole('alert').getByText('This record does not exist, or it is not yours to see.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Chromium logs the 404 answer itself as a console error; nothing else may be reported.
    expect(server.problems.filter((problem) => !/status of 404 \(Not Found\)/.test(problem))).toEqual([]);
    await page.close();
  }, 120_000);

  it('picks a product’s customer, price function and countries by name, and filters the list by them (issue 31)', async () => {
    const owner = await createCustomer(server.t, { name: `Vega Studios ${tag()}`, type: 'PUBLISHER' });
    const pricing = await server.t.request('POST', '/price-functions', operator, {
      name: `Vega launch pricing ${tag()}`,
      expression: 'price * 0.9',
      customerId: owner.id,
    });
    expect(pricing.status).toBe(201);
    const fn = pricing.body as Json;
    const ref = `VEGA-${tag()}`;
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto('/console/products');
    await page.getByRole('button', { name: 'New product' }).click();
    const creation = page.getByRole('dialog', { name: 'New product' });
    await creation.getByLabel('Name').fill('Vega Orbit');
    await creation.getByLabel('Publisher reference').fill(ref);
    await creation.getByRole('combobox', { name: /^Customer/ }).fill('Vega Stud');
    await page.getByRole('option', { name: owner.body.name }).click();
    await creation.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Vega Orbit', level: 1 }).waitFor();
    const productId = shownProductId(page);

    await page.getByRole('combobox', { name: 'Price function' }).fill('launch');
    await page.getByRole('option', { name: fn.name }).click();
    // A country is found by its name: "Swed" is Sweden, stored as SE (never cut to "SW").
    await page.getByRole('combobox', { name: 'Blacklisted countries' }).fill('Swed');
    await page.getByRole('option', { name: 'Sweden (SE)' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('version 1 ·').waitFor();
    expect(await productOf(productId)).toMatchObject({
      customerId: owner.id,
      priceFunction: fn.id,
      blackListedCountries: ['SE'],
      lifeTime: '1YEAR',
    });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The list's filters pick the customer and the price function by their names, and the URL holds their ids.
    await page.getByRole('link', { name: '← Products' }).click();
    await page.getByRole('button', { name: 'More filters' }).click();
    await page.getByRole('combobox', { name: 'Customer' }).fill('Vega');
    await page.getByRole('option', { name: owner.body.name }).click();
    await page.waitForURL(new RegExp(`customerId=${owner.id}`));
    await page.getByRole('combobox', { name: 'Priced by' }).fill('Vega launch');
    await page.getByRole('option', { name: fn.name }).click();
    await page.waitForURL(new RegExp(`priceFunction=${fn.id}`));
    const table = page.getByRole('table', { name: 'Products' });
    await table.getByRole('link', { name: 'Vega Orbit' }).waitFor();
    await expect.poll(async () => table.getByRole('row').count()).toBe(2);
    // Reloaded, the filters show the names of what the URL's ids name.
    await page.reload();
    // The page signs in again and reads the names: more than expect.poll's default second on a loaded machine.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Priced by' }).inputValue(), { timeout: 20_000 })
      .toBe(fn.name);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(server.problems).toEqual([]);
    await page.close();
  }, 120_000);

  it("names a product's customer in its header, linked to the customer, not by its id (issue 31)", async () => {
    const owner = await createCustomer(server.t, { name: `Polaris Labs ${tag()}`, type: 'PUBLISHER' });
    const product = await createProduct(server.t, operator, { genericName: 'Polaris Studio', customerId: owner.id });
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/products/${product.id}`);
    await page.getByRole('heading', { name: 'Polaris Studio', level: 1 }).waitFor();
    await page.getByRole('link', { name: owner.body.name, exact: true }).click();
    await page.getByRole('heading', { name: owner.body.name, level: 1 }).waitFor();
    expect(await page.getByText(owner.id, { exact: true }).count()).toBe(0);
    expect(server.problems).toEqual([]);
    await page.close();
  }, 120_000);
});
