import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../catalog/catalog-factories.js';
import { createCustomer } from '../customers/customer-factories.js';
import type { Json } from '../support/json.js';
import { unique } from '../support/unique.js';
import { browserSkipReason } from './chromium.js';
import { SCREENSHOTS, seriousA11yViolations, signInAsOperator, useConsoleServer } from './console-server.js';

const server = await useConsoleServer();

async function pick(page: Page, label: string, typed: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).fill(typed);
  await page.getByRole('option', { name: option }).click();
}

describe.skipIf(browserSkipReason !== undefined)('console: subscription models and product sale records', () => {
  it('creates a subscription model with its term picked, for a customer picked by name, and shows it with its activity', async () => {
    const customer = await createCustomer(server.t, { name: unique('Harbour') });
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Subscription models' }).click();
    await page.getByRole('heading', { name: 'Subscription models', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New subscription model' }).click();
    const dialog = page.getByRole('dialog', { name: 'New subscription model' });
    const name = unique('quarterly');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Term length' }).fill('3');
    await dialog.getByRole('textbox', { name: 'Trial (days)' }).fill('14');
    await dialog.getByRole('combobox', { name: 'Term unit' }).click();
    await page.getByRole('option', { name: 'months' }).click();
    await pick(page, 'For customer', customer.body.name, customer.body.name);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create' }).click();

    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const modelId = page.url().split('/').pop()!;
    const stored = (
      await server.t.request<Json>('GET', `/subscription-models?id=${modelId}`, await server.t.operator())
    ).body.items[0];
    expect(stored).toMatchObject({
      name,
      customerId: customer.id,
      term: { unit: 'MONTH', value: '3' },
      durationUntilTrialEnd: 14,
    });
    const details = page.getByRole('region', { name: 'Details' });
    expect(await details.getByRole('row', { name: /Term/ }).innerText()).toContain('every 3 months');
    await details.getByRole('link', { name: customer.body.name }).waitFor();
    await page.getByRole('list', { name: 'Changes of this record' }).getByText('Created', { exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('link', { name: '← Subscription models' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.waitForURL((url) => url.searchParams.get('name') === name);
    const table = page.getByRole('table', { name: 'Subscription models' });
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(await table.getByRole('row').nth(1).innerText()).toContain('every 3 months');
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it('creates a sale record of a product picked by name with a price, then edits it: the save shows in its activity with the amounts', async () => {
    const operator = await server.t.operator();
    const customer = await createCustomer(server.t, { name: unique('Quay') });
    const product = await createProduct(server.t, operator, {
      customerId: customer.id,
      genericName: unique('Sold Suite'),
    });
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Sale records' }).click();
    await page.getByRole('heading', { name: 'Sale records', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New sale record' }).click();
    await page.getByRole('heading', { name: 'New sale record', level: 1 }).waitFor();
    await pick(page, 'For customer', customer.body.name, customer.body.name);
    await pick(page, 'Product', product.genericName.slice(0, 14), new RegExp(product.genericName));
    await page.getByRole('combobox', { name: 'Selling stores' }).fill('store-eu');
    await page.getByRole('combobox', { name: 'Selling stores' }).press('Enter');
    await page.getByRole('checkbox', { name: 'Trial allowed' }).check();
    await page.getByRole('textbox', { name: 'Trial (days)' }).fill('7');
    await pick(page, 'Country', 'France', 'France (FR)');
    await pick(page, 'Currency', 'EUR', /^EUR · /);
    await page.getByLabel('Price', { exact: true }).fill('9.99');
    await page.getByRole('button', { name: 'Add price' }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create sale record' }).click();

    await page.getByRole('heading', { name: new RegExp(`^Sale of ${product.genericName}`), level: 1 }).waitFor();
    const id = page.url().split('/').pop()!;
    const stored = await server.t.request<Json>('GET', `/product-sale-records/${id}`, operator);
    expect(stored.body).toMatchObject({
      customerId: customer.id,
      productId: product.id,
      sellingStores: ['store-eu'],
      trialAllowed: true,
      trialDuration: 7,
      status: 'ENABLED',
      prices: { priceByCountryByCurrency: { FR: { EUR: { value: 9.99, vatIncluded: true } } } },
    });
    // The product is named and linked.
    await page
      .getByRole('link', { name: new RegExp(product.genericName) })
      .first()
      .waitFor();

    await page.getByLabel('Price FR EUR').fill('12.5');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'DISABLED' }).click();
    await page.getByRole('button', { name: 'Save sale record' }).click();
    await page.getByText('Sale record saved').waitFor();
    const changes = page.getByRole('list', { name: 'Changes of this record' });
    await expect.poll(() => changes.locator(':scope > li').count()).toBe(2);
    const update = (await changes.locator(':scope > li').first().innerText()).replace(/\s+/g, ' ');
    expect(update).toContain('Updated by admin');
    expect(update).toContain('status: ENABLED → DISABLED');
    expect(update).toMatch(/FR\.EUR\.value: €9\.99 → €12\.50/);
    expect((await server.t.request<Json>('GET', `/product-sale-records/${id}`, operator)).body).toMatchObject({
      status: 'DISABLED',
      dbVersion: 1,
      prices: { priceByCountryByCurrency: { FR: { EUR: { value: 12.5 } } } },
    });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/sale-record.png`, fullPage: true });

    // The list names the record by its product and filters by product, picked by name.
    await page.getByRole('link', { name: '← Sale records' }).click();
    await pick(page, 'Product', product.genericName.slice(0, 14), new RegExp(product.genericName));
    await page.waitForURL((url) => url.searchParams.get('productId') === product.id);
    const table = page.getByRole('table', { name: 'Sale records' });
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByRole('link', { name: new RegExp(product.genericName) }).waitFor();
    expect(server.problems).toEqual([]);
    await page.close();
  });
});
