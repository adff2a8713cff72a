import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { unique } from '../support/unique.js';
import { browserSkipReason } from './chromium.js';
import { SCREENSHOTS, seriousA11yViolations, signIn, signInAsOperator, useConsoleServer } from './console-server.js';

const server = await useConsoleServer();

/** The realm's client credentials work (or not): a token request as the customer's own software makes it. */
async function tokenStatus(realm: string, clientSecret: string): Promise<number> {
  return (
    await server.t.request('POST', '/iam/tokens', undefined, {
      realmName: realm,
      grantType: 'client_credentials',
      clientSecret,
    })
  ).status;
}

async function createInConsole(page: Page, name: string): Promise<{ realm: string; secret: string }> {
  await page.goto('/console/customers');
  await page.getByRole('button', { name: 'New customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'New customer' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('VAT number').fill('FR12345678901');
  // Picked by name: "Fran" finds France, stored as its code.
  await dialog.getByRole('combobox', { name: 'Country', exact: true }).fill('Fran');
  await page.getByRole('option', { name: 'France (FR)' }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  const secret = dialog.getByLabel(/^Client secret of realm [^:]+$/);
  await secret.waitFor();
  const label = (await secret.getAttribute('aria-label')) ?? '';
  return { realm: label.replace('Client secret of realm ', ''), secret: (await secret.innerText()).trim() };
}

describe.skipIf(browserSkipReason !== undefined)('the customers screens (operator)', () => {
  it('creates a publisher whose client secret is shown once and works, then finds it by name in the list', async () => {
    const page = await server.newPage();
    await signInAsOperator(page);
    const name = unique('Publisher');
    const created = await createInConsole(page, name);
    expect(await tokenStatus(created.realm, created.secret)).toBe(200);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.waitForURL(/name=/);
    await page.getByRole('link', { name }).waitFor();
    // The filter is in the URL: a reload shows the same list.
    await page.reload();
    await page.getByRole('link', { name }).waitFor();
    await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe(name);
    // The country filter is picked by name and kept as the ISO code; the column names the country, its code beside it.
    const country = page.getByRole('combobox', { name: 'Country', exact: true });
    await country.fill('Fran');
    await page.getByRole('option', { name: 'France (FR)' }).click();
    await page.waitForURL(/addressBook\.country=FR/);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await row.getByRole('cell', { name: 'France (FR)', exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/customers-list.png`, fullPage: true });
    await country.fill('Germ');
    await page.getByRole('option', { name: 'Germany (DE)' }).click();
    await page.waitForURL(/addressBook\.country=DE/);
    await page.getByText('No customer matches these filters: clear one to see more.').waitFor();
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it('saves features with the version, and rotating the secret shows a new one once: the old stops working', async () => {
    const page = await server.newPage();
    await signInAsOperator(page);
    const name = unique('Reseller');
    const created = await createInConsole(page, name);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.waitForURL(/name=/);
    await page.getByRole('link', { name }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();

    await page.getByLabel('Product management').check();
    await page.getByRole('button', { name: 'Save customer' }).click();
    await page.getByText('Customer saved').waitFor();
    const customers = (await server.t.request('GET', `/customers?name=${name}`, await server.t.operator())).body as {
      items: { features: Record<string, boolean> }[];
    };
    expect(customers.items[0]?.features.productManagement).toBe(true);

    await page.getByRole('button', { name: 'Rotate the client secret' }).click();
    const shown = page.getByLabel(`New client secret of realm ${created.realm}`, { exact: true });
    await shown.waitFor();
    const rotated = (await shown.innerText()).trim();
    expect(rotated).not.toBe(created.secret);
    expect(await tokenStatus(created.realm, rotated)).toBe(200);
    expect(await tokenStatus(created.realm, created.secret)).toBe(401);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/customer-page.png`, fullPage: true });
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it('shows the data-signing key by its key id, algorithm and curve, the JWK to copy, its JSON only on request (issue 31)', async () => {
    const made = await server.t.request('POST', '/customers', await server.t.operator(), {
      name: unique('Signer'),
      vatNumber: 'FR12345678901',
      features: {},
    });
    expect(made.status).toBe(201);
    const customer = made.body as { id: string; name: string; signingPublicKey: { kid: string; crv: string } };
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/customers/${customer.id}`);
    await page.getByRole('heading', { name: customer.name, level: 1 }).waitFor();
    await page.getByText('Data signing key (Ed25519)').waitFor();
    await page.getByText(customer.signingPublicKey.kid, { exact: true }).waitFor();
    await page.getByText(customer.signingPublicKey.crv, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Copy public JWK' }).waitFor();
    const json = page.getByLabel('Public JWK');
    expect(await json.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Show JWK' }).click();
    await expect.poll(() => json.isVisible()).toBe(true);
    expect(JSON.parse(await json.innerText())).toMatchObject(customer.signingPublicKey);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it("edits a customer's name, VAT number, country (picked by name) and status with its version; a refusal shows on its field", async () => {
    const page = await server.newPage();
    await signInAsOperator(page);
    const name = unique('Editable');
    await createInConsole(page, name);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.waitForURL(/name=/);
    await page.getByRole('link', { name }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Customer' });

    await form.getByRole('textbox', { name: 'Name' }).fill('');
    await page.getByRole('button', { name: 'Save customer' }).click();
    const nameField = form.getByRole('textbox', { name: 'Name' });
    await expect.poll(() => nameField.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const renamed = unique('Renamed');
    await nameField.fill(renamed);
    await form.getByRole('textbox', { name: 'VAT number' }).fill('DE123456789');
    await form.getByRole('combobox', { name: 'Country', exact: true }).fill('Germ');
    await page.getByRole('option', { name: 'Germany (DE)' }).click();
    await form.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: /^RUNNING/ }).click();
    await page.getByRole('button', { name: 'Save customer' }).click();
    await page.getByText('Customer saved').waitFor();
    await page.getByRole('heading', { name: renamed, level: 1 }).waitFor();

    const operator = await server.t.operator();
    const listed = (await server.t.request('GET', `/customers?name=${renamed}`, operator)).body as {
      items: Record<string, unknown>[];
    };
    expect(listed.items[0]).toMatchObject({
      name: renamed,
      vatNumber: 'DE123456789',
      status: 'RUNNING',
      addressBook: { country: 'DE' },
      dbVersion: 1,
    });
    const changes = page.getByRole('list', { name: 'Changes of this record' });
    await changes
      .locator(':scope > li')
      .filter({ hasText: `name: ${name} → ${renamed}` })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(server.problems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);
    await page.close();
  });

  it('opens the stale-version dialog when someone saved the customer after the page loaded; reload shows their change', async () => {
    const page = await server.newPage();
    await signInAsOperator(page);
    const name = unique('Stale');
    await createInConsole(page, name);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.waitForURL(/name=/);
    await page.getByRole('link', { name }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();

    // Someone else saves the customer (through the API) while the page is open.
    const operator = await server.t.operator();
    const listed = (await server.t.request('GET', `/customers?name=${name}`, operator)).body as {
      items: { id: string }[];
    };
    const id = listed.items[0]!.id;
    const record = (await server.t.request('GET', `/customers/${id}`, operator)).body as Record<string, unknown> & {
      features: Record<string, boolean>;
    };
    expect(
      (
        await server.t.request('PUT', `/customers/${id}`, operator, {
          ...record,
          features: { ...record.features, createInvoice: true },
        })
      ).status,
    ).toBe(200);

    await page.getByLabel('Product management').check();
    await page.getByRole('button', { name: 'Save customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Someone saved this record after you opened it' });
    await dialog.getByRole('cell', { name: 'Features › Product management', exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/customer-stale-version.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Reload (drop my edit)' }).click();
    await expect.poll(() => page.getByLabel('Create invoice').isChecked()).toBe(true);
    await expect.poll(() => page.getByLabel('Product management').isChecked()).toBe(false);
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it("creates a user of the customer's realm, who then signs in to the console for that customer; deleting them ends that", async () => {
    const page = await server.newPage();
    await signInAsOperator(page);
    const name = unique('Users');
    const created = await createInConsole(page, name);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.waitForURL(/name=/);
    await page.getByRole('link', { name }).click();
    await page.getByText('Nobody can sign in to this realm yet', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog', { name: `New user of realm ${created.realm}` });
    await dialog.getByLabel('Username').fill('store-manager');
    await dialog.getByLabel(/^Password/).fill('short');
    await dialog.getByRole('button', { name: 'Create the user' }).click();
    // The API's 400 names the password: it shows on that field.
    await dialog.getByText('must be at least 8 characters').waitFor();
    await dialog.getByLabel(/^Password/).fill('store-manager-password-1');
    // Scopes are picked from the list the service declares, never typed.
    for (const scope of ['catalog:read', 'subscriptions:read']) {
      await dialog.getByRole('combobox', { name: 'Scopes' }).fill(scope);
      await page.getByRole('option', { name: scope, exact: true }).click();
    }
    // The list stays open for more picks until the focus leaves it.
    await page.keyboard.press('Tab');
    await dialog.getByRole('button', { name: 'Create the user' }).click();
    await page.getByRole('cell', { name: 'store-manager', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'catalog:read subscriptions:read', exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/customer-users.png`, fullPage: true });

    const manager = await server.newPage();
    await signIn(manager, created.realm, 'store-manager', 'store-manager-password-1');
    await manager.getByText('store-manager in realm', { exact: false }).waitFor();
    await manager.close();

    await page.getByRole('button', { name: 'Delete user store-manager' }).click();
    await page.getByRole('button', { name: 'Delete store-manager' }).click();
    await page.getByText('Nobody can sign in to this realm yet', { exact: false }).waitFor();
    const refused = await server.t.request('POST', '/iam/tokens', undefined, {
      realmName: created.realm,
      grantType: 'password',
      username: 'store-manager',
      password: 'store-manager-password-1',
    });
    expect(refused.status).toBe(401);
    expect(server.problems).toEqual([]);
    await page.close();
  });
});
