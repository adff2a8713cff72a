import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, type Json } from '../catalog/catalog-factories.js';
import { createCustomer } from '../customers/customer-factories.js';
import { browserSkipReason } from './chromium.js';
import { seriousA11yViolations, signInAsOperator, useConsoleServer } from './console-server.js';

const server = await useConsoleServer();
let operator: string;

beforeAll(async () => {
  if (browserSkipReason) return;
  operator = await server.t.operator();
});

const tag = () => randomBytes(3).toString('hex').toUpperCase();

/** Lists follow the API after a debounce and a read: slower on a loaded machine than expect.poll's default second. */
const PATIENTLY = { timeout: 20_000 };

async function productOf(id: string): Promise<Json> {
  const res = await server.t.request('GET', `/products/${id}`, operator);
  expect(res.status).toBe(200);
  return res.body as Json;
}

const productsTable = (page: Page) => page.getByRole('table', { name: 'Products' });

// Issue 31's findings that had no test of their own: the description filter, the release date and store pickers,
// the list's price column, and a dialog's refusal shown on its field.
describe.skipIf(browserSkipReason !== undefined)('the console’s product pickers (issue 31)', () => {
  it('filters products by a description picked by its name, and the URL keeps its id', async () => {
    const name = `Nordlys Guide ${tag()}`;
    const described = await server.t.request('POST', '/descriptions', operator, {
      description: name,
      localizedMarketingName: { en: 'Northern lights guide' },
    });
    expect(described.status, JSON.stringify(described.body)).toBe(201);
    const description = described.body as Json;
    const store = `store-${tag().toLowerCase()}`;
    const withIt = await createProduct(server.t, operator, {
      genericName: `Described ${tag()}`,
      descriptionId: description.id,
      sellingStores: [store],
    });
    await createProduct(server.t, operator, { genericName: `Undescribed ${tag()}`, sellingStores: [store] });

    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/products?sellingStores=${store}`);
    await expect.poll(() => productsTable(page).locator('tbody tr').count(), PATIENTLY).toBe(2);
    await page.getByRole('button', { name: 'More filters' }).click();
    await page.getByRole('combobox', { name: 'Description' }).fill('Nordlys');
    await page.getByRole('option', { name }).click();
    await page.waitForURL(new RegExp(`descriptionId=${description.id}`));
    await expect.poll(() => productsTable(page).locator('tbody tr').count(), PATIENTLY).toBe(1);
    await productsTable(page)
      .getByRole('link', { name: String(withIt.genericName) })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(server.problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('lists each product with its price, and picks a release date and a store seen on another product', async () => {
    const seenStore = `store-seen-${tag().toLowerCase()}`;
    const store = `store-${tag().toLowerCase()}`;
    await createProduct(server.t, operator, { genericName: `Elsewhere ${tag()}`, sellingStores: [seenStore] });
    const product = await createProduct(server.t, operator, {
      genericName: `Halo Editor ${tag()}`,
      sellingStores: [store],
      prices: {
        defaultCurrency: 'EUR',
        priceByCountryByCurrency: { FR: { EUR: { value: 129.5, vatIncluded: true } } },
      },
    });

    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/products?sellingStores=${store}`);
    const row = productsTable(page).getByRole('row', { name: new RegExp(String(product.genericName)) });
    await row.waitFor();
    // The Price column shows the default currency's price, not an id or nothing.
    const priceColumn = await productsTable(page)
      .getByRole('columnheader')
      .evaluateAll((headers) => headers.findIndex((header) => header.textContent?.trim().startsWith('Price')));
    expect(priceColumn).toBeGreaterThanOrEqual(0);
    expect(await row.getByRole('cell').nth(priceColumn).textContent()).toMatch(/129[.,]5/);

    await row.getByRole('link', { name: String(product.genericName) }).click();
    await page.getByRole('heading', { name: String(product.genericName), level: 1 }).waitFor();
    // The release date is a date and time picker (the browser's own), stored as RFC 3339.
    const release = page.getByLabel('Release date');
    expect(await release.getAttribute('type')).toBe('datetime-local');
    await release.fill('2027-03-01T09:30');
    // A store is picked among those the catalogue holds, not only typed.
    const stores = page.getByRole('combobox', { name: 'Selling stores' });
    await stores.fill('store-seen');
    await page.getByRole('option', { name: seenStore }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('version 1 ·').waitFor();
    const saved = await productOf(String(product.id));
    expect(saved.sellingStores).toEqual([store, seenStore]);
    const local = await page.evaluate(() => new Date('2027-03-01T09:30').toISOString().replace('.000Z', 'Z'));
    expect(saved.releaseDate).toBe(local);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(server.problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('shows a refusal of a dialog on the field it names, not only below the form', async () => {
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto('/console/customers');
    await page.getByRole('button', { name: 'New customer' }).click();
    const creation = page.getByRole('dialog', { name: 'New customer' });
    await creation.getByLabel('Name').fill(`Overlong VAT ${tag()}`);
    // The API allows 50 characters; the dialog leaves the rule to it, and its 400 names body.vatNumber.
    await creation.getByLabel('VAT number').fill(`FR${'1'.repeat(60)}`);
    await creation.getByRole('button', { name: 'Create' }).click();
    const vat = creation.getByLabel('VAT number');
    await expect.poll(() => vat.getAttribute('aria-invalid'), PATIENTLY).toBe('true');
    const describedBy = (await vat.getAttribute('aria-describedby')) ?? '';
    const message = await page.evaluate(
      (ids) =>
        ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      describedBy,
    );
    expect(message).toMatch(/50/);
    expect(await creation.getByLabel('Name').getAttribute('aria-invalid')).not.toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  }, 120_000);

  it('lists price functions with their customer by name, and filters them by a customer picked by name', async () => {
    const owner = await createCustomer(server.t, { name: `Lyra Pricing ${tag()}`, type: 'PUBLISHER' });
    const made = await server.t.request('POST', '/price-functions', operator, {
      name: `Lyra tiers ${tag()}`,
      expression: 'price * 0.8',
      customerId: owner.id,
    });
    expect(made.status).toBe(201);
    const fn = made.body as Json;
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto('/console/price-functions');
    await page
      .getByRole('button', { name: 'More filters' })
      .click()
      .catch(() => undefined);
    await page.getByRole('combobox', { name: 'Customer' }).fill('Lyra Pric');
    await page.getByRole('option', { name: owner.body.name }).click();
    await page.waitForURL(new RegExp(`customerId=${owner.id}`));
    const table = page.getByRole('table', { name: 'Price functions' });
    const row = table.getByRole('row', { name: new RegExp(String(fn.name)) });
    await row.waitFor(PATIENTLY);
    await expect.poll(() => table.locator('tbody tr').count(), PATIENTLY).toBe(1);
    await row.getByRole('link', { name: owner.body.name }).waitFor();
    expect(await table.getByText(owner.id, { exact: true }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(server.problems).toEqual([]);
    await page.close();
  }, 120_000);
});
