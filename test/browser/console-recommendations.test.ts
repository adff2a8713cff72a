import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason } from './chromium.js';
import { SCREENSHOTS, seriousA11yViolations, signInAsOperator, useConsoleServer } from './console-server.js';

const server = await useConsoleServer();
let token: string;
let customerId: string;
const ids: Record<'antivirus' | 'backup' | 'vpn', string> = { antivirus: '', backup: '', vpn: '' };

async function created(method: 'POST' | 'PUT', url: string, body: unknown): Promise<Record<string, any>> {
  const response = await server.t.request<Record<string, any>>(method, url, token, body);
  if (response.status >= 300)
    throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

const product = async (publisherRefId: string, genericName: string, value: number) =>
  (
    await created('POST', '/products', {
      customerId,
      publisherRefId,
      genericName,
      lifeTime: '1YEAR',
      sellingStores: ['store-eu'],
      prices: { defaultCurrency: 'EUR', priceByCountryByCurrency: { FR: { EUR: { value, vatIncluded: true } } } },
    })
  ).id as string;

/** A field by its whole label, with or without the required mark Mantine adds (`Name *`). */
const field = (page: Page, label: string) =>
  page
    .getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`))
    .and(page.locator('input, textarea'));

/** Picks an option of a Mantine Select or MultiSelect by typing part of its label. */
async function pick(page: Page, label: string, typed: string, option: string | RegExp) {
  const input = field(page, label);
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).click();
  // A MultiSelect keeps its list open for more picks.
  await input.press('Escape');
}

beforeAll(async () => {
  if (browserSkipReason) return;
  token = await server.t.operator();
  customerId = (
    await created('POST', '/customers', { name: 'Safe Harbor Security', vatNumber: 'FR55123456789', features: {} })
  ).id;
  ids.antivirus = await product('AV-2026', 'Antivirus 2026', 49.99);
  ids.backup = await product('BACKUP-2026', 'Cloud Backup', 119.99);
  ids.vpn = await product('VPN-2026', 'Secure VPN', 39.99);
  const now = Date.now();
  await created('POST', '/recommendation-rules', {
    customerId,
    name: 'VPN with antivirus',
    status: 'ENABLED',
    type: 'CROSS_SELL',
    function: 'idToIdsRecoRule',
    levels: ['CART'],
    eligibleStoreIds: ['store-eu'],
    startDate: now - 86_400_000,
    endDate: now + 365 * 86_400_000,
    weight: 1,
    byProductIds: { [ids.antivirus]: [ids.vpn] },
  });
});

describe.skipIf(browserSkipReason !== undefined)('recommendation rules and a tried cart in the console', () => {
  it('creates a rule in the console, lists it, and a tried cart shows its recommendation with the report of every candidate', async () => {
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.getByRole('link', { name: 'Recommendation rules' }).first().click();
    await page.getByRole('heading', { name: 'Recommendation rules', level: 1 }).waitFor();
    await page.mouse.move(1200, 10);
    await page.getByRole('link', { name: 'VPN with antivirus' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'New rule' }).click();
    await page.getByRole('heading', { name: 'New recommendation rule' }).waitFor();
    // A rule that names nothing to recommend says so, before it is saved.
    await page.getByText('This rule recommends nothing yet').waitFor();
    await pick(page, 'Customer', 'Safe Harbor', 'Safe Harbor Security');
    await field(page, 'Name').fill('Backup with antivirus');
    await field(page, 'Stores').fill('store-eu');
    await field(page, 'Stores').press('Enter');
    await field(page, 'Weight').fill('10');
    await pick(page, 'Eligible products', 'Antivirus', /Antivirus 2026/);
    await page.getByRole('button', { name: 'Add a cart product' }).click();
    await pick(page, 'Cart product 1', 'Antivirus', /Antivirus 2026/);
    await pick(page, 'Recommended for cart product 1', 'Backup', /Cloud Backup/);
    await expect.poll(() => page.getByText('This rule recommends nothing yet').count()).toBe(0);
    await field(page, 'Discount (percent off)').fill('10');
    await field(page, 'Description locales').fill('en');
    await field(page, 'Description locales').press('Enter');
    await field(page, 'Description (en)').fill('Protect what you back up');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create rule' }).click();
    await page.getByRole('heading', { name: 'Backup with antivirus', level: 1 }).waitFor();
    await page.getByText(`product:${ids.antivirus}`).waitFor();

    const stored = await server.t.request<{ items: Record<string, any>[] }>(
      'GET',
      `/recommendation-rules?name=${encodeURIComponent('Backup with antivirus')}`,
      token,
    );
    expect(stored.body.items).toHaveLength(1);
    expect(stored.body.items[0]).toMatchObject({
      customerId,
      weight: 10,
      eligibleProductIds: [ids.antivirus],
      byProductIds: { [ids.antivirus]: [ids.backup] },
      discountPlan: { discountStep: 10 },
      localizedDesc: { en: 'Protect what you back up' },
    });

    await page.getByRole('link', { name: '← Recommendation rules' }).click();
    await page.getByRole('link', { name: 'Backup with antivirus' }).waitFor();
    await field(page, 'Status').click();
    await page.getByRole('option', { name: 'ENABLED' }).click();
    await page.waitForURL(/status=ENABLED/);
    await page.getByRole('link', { name: 'Backup with antivirus' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/recommendation-rules.png`, fullPage: true });

    await page.getByRole('link', { name: 'Try a cart' }).first().click();
    await page.getByRole('heading', { name: 'Try a cart', level: 1 }).waitFor();
    await pick(page, 'Cart owner', 'Safe Harbor', 'Safe Harbor Security');
    // The store is one the catalogue names; the country and currency are found by their names.
    await pick(page, 'Store', 'store-', /^store-eu$/);
    await pick(page, 'Country', 'Fran', 'France (FR)');
    await pick(page, 'Currency', 'euro', /^EUR · /);
    await pick(page, 'Cart products', 'Antivirus', /Antivirus 2026/);
    await page.getByRole('button', { name: 'Get recommendations' }).click();
    const leaf = page.getByRole('region', { name: /CART · CROSS_SELL · for Antivirus 2026/ });
    await leaf.waitFor();
    const recommended = leaf.getByRole('table', { name: 'Recommended products' });
    await expect(recommended.getByRole('row', { name: /Cloud Backup.*107[.,]99.*119[.,]99/ }).count()).resolves.toBe(1);
    const report = leaf.getByRole('table', { name: 'Why each candidate was or was not recommended' });
    await expect(report.getByRole('row', { name: /Cloud Backup.*RECOMMENDED/ }).count()).resolves.toBe(1);
    await expect(report.getByRole('row', { name: /Secure VPN.*OUTWEIGHED.*outweighs/ }).count()).resolves.toBe(1);
    await leaf.getByText('“Protect what you back up”').waitFor();
    // The rule that recommended is named, linked to its page, not shown by its id.
    await leaf.getByRole('link', { name: 'Backup with antivirus' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/recommendations-try.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await leaf.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/recommendations-try-390.png`, fullPage: true });
    expect(server.problems).toEqual([]);
    await page.close();
    // Several screens on a machine shared with other work, as the catalogue's tests: 2 minutes.
  }, 120_000);

  it('answers a save over a newer version with the stale-version dialog, and overwrites when asked', async () => {
    const rule = await created('POST', '/recommendation-rules', {
      customerId,
      name: 'Backup for everyone',
      status: 'ENABLED',
      type: 'CROSS_SELL',
      function: 'predefinedIdsRecoRule',
      levels: ['CART'],
      eligibleStoreIds: ['store-eu'],
      startDate: Date.now(),
      endDate: Date.now() + 86_400_000,
      byProductIds: { [ids.antivirus]: [ids.backup] },
    });
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/recommendation-rules/${rule.id}`);
    await page.getByRole('heading', { name: 'Backup for everyone', level: 1 }).waitFor();
    await created('PUT', `/recommendation-rules/${rule.id}`, { ...rule, weight: 5 });
    await field(page, 'Name').fill('Backup for every cart');
    await page.getByRole('button', { name: 'Save rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Someone saved this record after you opened it' });
    // Fields read as words, not as the API's names.
    await dialog.getByRole('cell', { name: 'Weight', exact: true }).waitFor();
    await dialog.getByRole('cell', { name: 'Name', exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save my changes over theirs' }).click();
    await page.getByRole('heading', { name: 'Backup for every cart', level: 1 }).waitFor();
    const saved = await server.t.request<Record<string, any>>('GET', `/recommendation-rules/${rule.id}`, token);
    // The edit's field is saved; the weight saved meanwhile, which the edit did not touch, is kept.
    expect(saved.body).toMatchObject({ name: 'Backup for every cart', weight: 5, dbVersion: 2 });
    await page.screenshot({ path: `${SCREENSHOTS}/recommendation-rule-overwritten.png`, fullPage: true });
    // The browser reports the 412 the API answered to the first save, which the dialog handled.
    expect(
      server.problems.filter(
        (problem) =>
          !/status of 412 \(Precondition Failed\) \(http:\/\/127\.0\.0\.1:\d+\/recommendation-rules\//.test(problem),
      ),
    ).toEqual([]);
    server.problems.length = 0;
    await page.close();
  });
});
