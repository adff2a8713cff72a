import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LIFECYCLE_ACTIONS,
  type SubscriptionStatus,
  transitionOf,
} from '../../src/apis/subscriptions/subscription.lifecycle.js';
import { createProduct } from '../catalog/catalog-factories.js';
import { createCustomer } from '../customers/customer-factories.js';
import { act, createModel, type Json, unique } from '../subscriptions/subscription-factories.js';
import { browserSkipReason } from './chromium.js';
import { SCREENSHOTS, seriousA11yViolations, signIn, signInAsOperator, useConsoleServer } from './console-server.js';

const server = await useConsoleServer();
let operator: string;
let customerId: string;
let realm: string;
let productId: string;
let productName: string;
let modelId: string;

beforeAll(async () => {
  if (browserSkipReason) return;
  operator = await server.t.operator();
  ({ id: customerId, realmName: realm } = await createCustomer(server.t, { name: unique('Riverside') }));
  const product = await createProduct(server.t, operator, { customerId, genericName: unique('Music Basic') });
  productId = product.id;
  productName = product.genericName;
  modelId = (await createModel(server.t, operator, { name: unique('monthly') })).id;
});

/** A subscription made through the API, as the operator, for the test's customer. */
async function subscription(overrides: Json = {}): Promise<Json> {
  const body = {
    customerId,
    modelId,
    name: unique('Music club'),
    enduserId: unique('listener'),
    storeId: 'store-eu',
    currency: 'EUR',
    products: [{ id: productId }],
    ...overrides,
  };
  const res = await server.t.request<Json>('POST', '/subscriptions', operator, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The buttons of each action, as the console names them. */
const LABELS: Record<string, string> = {
  cancel: 'Cancel subscription',
  suspend: 'Suspend',
  reactivate: 'Reactivate',
  upgrade: 'Upgrade',
  prebill: 'Pre-bill next term',
};

/** What the service's declared machine allows from `status` now, as button names. */
function allowedButtons(status: SubscriptionStatus, expirationDate: number): string[] {
  return LIFECYCLE_ACTIONS.filter(
    (action) => action.route !== false && transitionOf(action, status, { expirationDate, now: Date.now() }),
  ).map((action) => LABELS[action.name]!);
}

async function actionButtons(page: Page): Promise<string[]> {
  return (await page.getByRole('group', { name: 'Actions' }).getByRole('button').allInnerTexts()).map((text) =>
    text.trim(),
  );
}

async function openSubscription(page: Page, id: string, name: string): Promise<void> {
  await page.goto(`/console/subscriptions/${id}`);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

describe.skipIf(browserSkipReason !== undefined)('the subscriptions screens of the console', () => {
  it('suspends then reactivates a subscription from its page: the timeline shows both changes, the buttons follow the machine', async () => {
    const made = await subscription();
    const page = await server.newPage();
    await signInAsOperator(page);
    await openSubscription(page, made.id, made.name);
    await page.getByLabel('Status ACTIVE').waitFor();
    expect(await actionButtons(page)).toEqual(allowedButtons('ACTIVE', made.lifecycle.expirationDate));
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Suspending takes the service from the end user: it asks first.
    await page.getByRole('button', { name: 'Suspend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend?' });
    await dialog.waitFor();
    // axe reads colours as they are drawn: a dialog still fading in has text below its real contrast.
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await page.getByLabel('Status SUSPENDED').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await actionButtons(page)).toEqual(allowedButtons('SUSPENDED', made.lifecycle.expirationDate));
    expect(await actionButtons(page)).toEqual(['Cancel subscription', 'Reactivate']);

    await page.getByRole('button', { name: 'Reactivate' }).click();
    await page.getByLabel('Status ACTIVE').waitFor();
    expect(await actionButtons(page)).toEqual(allowedButtons('ACTIVE', made.lifecycle.expirationDate));

    const timeline = page.getByRole('list', { name: 'Life cycle' });
    // The timeline reads the activity again once the version changed: its last step may come after the status.
    await timeline.getByRole('listitem').filter({ hasText: 'Reactivated' }).waitFor();
    const steps = (await timeline.getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
    const suspended = steps.findIndex(
      (text) => text.includes('Suspended') && text.includes('ACTIVE → SUSPENDED · version 1'),
    );
    const reactivated = steps.findIndex(
      (text) => text.includes('Reactivated') && text.includes('SUSPENDED → ACTIVE · version 2'),
    );
    expect(suspended, steps.join('\n')).toBeGreaterThan(0);
    expect(reactivated).toBeGreaterThan(suspended);
    expect(steps[0]).toContain('Created');

    // The steps are the API's activity, not this tab's memory: a reload shows every one.
    await page.reload();
    await page.getByLabel('Status ACTIVE').waitFor();
    await timeline.getByRole('listitem').filter({ hasText: 'Reactivated' }).waitFor();
    const reloaded = (await timeline.getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
    expect(reloaded).toEqual(steps);
    expect(reloaded[suspended]).toContain('by admin');

    const stored = await server.t.request<Json>('GET', `/subscriptions/${made.id}`, operator);
    expect(stored.body).toMatchObject({ dbVersion: 2, lifecycle: { status: 'ACTIVE' } });
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(server.problems).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/subscription-page.png`, fullPage: true });
    await page.close();
  });

  it('shows the steps made elsewhere, by whom, and the amount the subscription was created with', async () => {
    const made = await subscription({ mandateValue: 12.5 });
    expect((await act(server.t, operator, made.id, 'suspend')).status).toBe(200);
    expect((await act(server.t, operator, made.id, 'cancel')).status).toBe(200);
    const page = await server.newPage();
    await signInAsOperator(page);
    await openSubscription(page, made.id, made.name);
    const timeline = page.getByRole('list', { name: 'Life cycle' });
    await timeline.getByRole('listitem').filter({ hasText: 'Cancelled' }).waitFor();
    const steps = (await timeline.getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
    const created = steps.find((text) => text.startsWith('Created'));
    expect(created).toMatch(/mandate €12\.50/);
    expect(created).toContain('by operator');
    const order = ['Created', 'Suspended', 'Cancelled'].map((title) =>
      steps.findIndex((text) => text.startsWith(title)),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(steps.find((text) => text.startsWith('Suspended'))).toContain('ACTIVE → SUSPENDED · version 1');
    expect(steps.find((text) => text.startsWith('Cancelled'))).toContain('SUSPENDED → CANCELLED · version 2');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it('pre-bills from the page and shows the order it created, as GET /orders/{id} answers it', async () => {
    const made = await subscription();
    const page = await server.newPage();
    await signInAsOperator(page);
    await openSubscription(page, made.id, made.name);
    await page.getByRole('button', { name: 'Pre-bill next term' }).click();
    const order = page.getByRole('region', { name: 'Pre-billed order' });
    await order.getByRole('table', { name: 'Line items of the order' }).waitFor();

    // Pre-billing again in the same term answers the same order and writes nothing: the order the page shows.
    const again = await act(server.t, operator, made.id, 'prebill');
    expect(again.status).toBe(200);
    const stored = await server.t.request<Json>('GET', `/orders/${again.body.id}`, operator);
    await order.getByText(stored.body.id).waitFor();
    const rows = await order.getByRole('row').allInnerTexts();
    expect(rows.slice(1).map((row) => row.replace(/\s+/g, ' ').trim())).toEqual([
      `${productName} 1 ${stored.body.lineItems[0].id}`,
    ]);
    await page.getByRole('list', { name: 'Life cycle' }).getByText('Pre-billed', { exact: true }).waitFor();
    expect(await actionButtons(page)).toEqual(allowedButtons('ACTIVE', made.lifecycle.expirationDate));
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(server.problems).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/subscription-prebill.png`, fullPage: true });
    await page.close();
  });

  it('upgrades to another product from the page: the new line item names the one it replaces, one generation more', async () => {
    const made = await subscription();
    const premium = await createProduct(server.t, operator, { customerId, genericName: unique('Music Premium') });
    const page = await server.newPage();
    await signInAsOperator(page);
    await openSubscription(page, made.id, made.name);
    await page.getByRole('button', { name: 'Upgrade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade the subscription' });
    const products = dialog.getByRole('combobox', { name: 'Products' });
    await products.focus();
    await page.keyboard.press('Backspace');
    await products.fill(premium.genericName);
    await page.getByRole('option', { name: new RegExp(premium.genericName) }).click();
    // The list of products stays open for more picks until one clicks elsewhere.
    await dialog.getByText('The products below become the line items').click();
    await dialog.getByRole('button', { name: 'Upgrade' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const items = page.getByRole('region', { name: 'Line items', exact: true });
    await items.getByText(premium.genericName).waitFor();
    const stored = (await server.t.request<Json>('GET', `/subscriptions/${made.id}`, operator)).body;
    expect(stored).toMatchObject({
      lifecycle: { generation: 1, status: 'ACTIVE' },
      products: [{ id: premium.id, previousLineItemId: made.products[0].lineItemId }],
    });
    await items.getByText(made.products[0].lineItemId).waitFor();
    await page
      .getByRole('list', { name: 'Life cycle' })
      .getByRole('listitem')
      .filter({ hasText: 'Upgraded' })
      .getByText('Stays ACTIVE · version 1')
      .waitFor();
    expect(await page.getByRole('row', { name: 'Generation' }).getByRole('cell').innerText()).toBe('1');
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it('answers an action on a subscription changed meanwhile (412) in plain words, and shows it as it is now', async () => {
    const made = await subscription();
    const page = await server.newPage();
    await signInAsOperator(page);
    await openSubscription(page, made.id, made.name);
    expect((await act(server.t, operator, made.id, 'suspend')).status).toBe(200);
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel subscription?' })
      .getByRole('button', { name: 'Cancel subscription' })
      .click();
    await page.getByRole('alert').getByText('Someone changed this subscription after you opened it').waitFor();
    await page.getByLabel('Status SUSPENDED').waitFor();
    expect(await actionButtons(page)).toEqual(allowedButtons('SUSPENDED', made.lifecycle.expirationDate));
    expect((await server.t.request<Json>('GET', `/subscriptions/${made.id}`, operator)).body.lifecycle.status).toBe(
      'SUSPENDED',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it('filters the list by status, and the filter survives a reload (it is in the URL)', async () => {
    const enduserId = unique('family');
    const active = await subscription({ enduserId, name: unique('Active plan') });
    const suspended = await subscription({ enduserId, name: unique('Paused plan') });
    expect((await act(server.t, operator, suspended.id, 'suspend')).status).toBe(200);

    const page = await server.newPage();
    await signInAsOperator(page);
    await page.getByRole('link', { name: 'Subscriptions' }).first().click();
    await page.getByRole('heading', { name: 'Subscriptions', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'End user' }).fill(enduserId);
    await page.waitForURL((url) => url.searchParams.get('enduserId') === enduserId);
    const table = page.getByRole('table', { name: 'Subscriptions' });
    await table.getByRole('link', { name: active.name }).waitFor();
    await table.getByRole('link', { name: suspended.name }).waitFor();

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'SUSPENDED' }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'SUSPENDED');
    await table.getByRole('link', { name: active.name }).waitFor({ state: 'detached' });
    expect(await table.getByRole('row').count()).toBe(2);

    await page.reload();
    await table.getByRole('link', { name: suspended.name }).waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('SUSPENDED');
    expect(await page.getByRole('textbox', { name: 'End user' }).inputValue()).toBe(enduserId);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(server.problems).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/subscriptions-list.png`, fullPage: true });
    await page.close();
  });

  it('creates a subscription with the product picked from a searchable list, then opens it', async () => {
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto('/console/subscriptions');
    await page.getByRole('button', { name: 'New subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'New subscription' });
    const customerName = (await server.t.request<Json>('GET', `/customers/${customerId}`, operator)).body
      .name as string;
    await dialog.getByRole('combobox', { name: 'Customer' }).fill(customerName);
    await page.getByRole('option', { name: customerName }).click();
    const model = (await server.t.request<Json>('GET', `/subscription-models?size=500`, operator)).body.items.find(
      (item: Json) => item.id === modelId,
    );
    await dialog.getByRole('combobox', { name: 'Model' }).fill(model.name);
    await page.getByRole('option', { name: new RegExp(model.name) }).click();
    await dialog.getByRole('combobox', { name: 'Product' }).fill(productName.slice(0, 12));
    await page.getByRole('option', { name: new RegExp(productName) }).click();
    const name = unique('Created here');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('textbox', { name: 'End user' }).fill('listener-7');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create' }).click();

    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const id = page.url().split('/').pop()!;
    const stored = await server.t.request<Json>('GET', `/subscriptions/${id}`, operator);
    expect(stored.body).toMatchObject({
      name,
      customerId,
      modelId,
      enduserId: 'listener-7',
      products: [{ id: productId }],
      lifecycle: { status: 'ACTIVE' },
    });
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it("shows a reader of the customer's realm its subscriptions with no action and no create button (scopes)", async () => {
    const made = await subscription();
    const username = unique('reader');
    const user = await server.t.request('POST', `/iam/realms/${realm}/users`, operator, {
      username,
      password: 'reader-password-1',
      scope: 'subscriptions:read catalog:read',
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    const page = await server.newPage();
    await signIn(page, realm, username, 'reader-password-1');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Subscriptions' }).click();
    const table = page.getByRole('table', { name: 'Subscriptions' });
    await table.getByRole('link', { name: made.name }).click();
    await page.getByRole('heading', { name: made.name, level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Life cycle' }).waitFor();
    expect(await page.getByRole('group', { name: 'Actions' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Suspend|Cancel subscription|Upgrade|Pre-bill/ }).count()).toBe(0);
    await page.getByRole('link', { name: '← Subscriptions' }).click();
    await table.waitFor();
    expect(await page.getByRole('button', { name: 'New subscription' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Customer id' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it('holds its layout at 390 px wide', async () => {
    const made = await subscription({ nextProducts: [{ id: productId }] });
    expect((await act(server.t, operator, made.id, 'suspend')).status).toBe(200);
    const page = await server.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsOperator(page);
    await openSubscription(page, made.id, made.name);
    expect(await actionButtons(page)).toEqual(['Cancel subscription', 'Reactivate']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(server.problems).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/subscription-390.png`, fullPage: true });
    await page.close();
  });
});
