import { describe, expect, it } from 'vitest';
import { customerWithToken } from '../customers/customer-factories.js';
import type { Json } from '../support/json.js';
import { unique } from '../support/unique.js';
import { browserSkipReason } from './chromium.js';
import { SCREENSHOTS, seriousA11yViolations, signIn, signInAsOperator, useConsoleServer } from './console-server.js';

const server = await useConsoleServer();

async function send(method: 'POST' | 'PUT', url: string, token: string, body: Json): Promise<Json> {
  const res = await server.t.request(method, url, token, body);
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Json;
}

describe.skipIf(browserSkipReason !== undefined)('console: activity', () => {
  it('lists who changed what, filtered by kind and fact from pickers (kept in the URL), and links each change to its record', async () => {
    const operator = await server.t.operator();
    const before = unique('Tiered');
    const fn = await send('POST', '/price-functions', operator, { name: before, expression: 'price' });
    const after = unique('Tiered renamed');
    await send('PUT', `/price-functions/${fn.id}`, operator, { ...fn, name: after, expression: 'price * 2' });

    const page = await server.newPage();
    await signInAsOperator(page);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Kind of record' }).fill('price fun');
    await page.getByRole('option', { name: 'price function', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('subject') === 'price-function');
    await page.getByRole('combobox', { name: 'What happened' }).fill('upda');
    await page.getByRole('option', { name: 'updated', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('fact') === 'updated');

    const table = page.getByRole('table', { name: 'Activity' });
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: after }) });
    await row.waitFor();
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Updated price function');
    expect(text).toContain('operator');
    expect(text).toContain(`name: ${before} → ${after}`);
    expect(text).toContain('expression: price → price * 2');
    // Only updates of price functions are listed.
    const kinds = await table
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((r) => r.children[1]?.textContent));
    expect(new Set(kinds)).toEqual(new Set(['Updated price function']));
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The filters are in the address: a reload lists the same.
    await page.reload();
    await row.waitFor();
    expect(await page.getByRole('combobox', { name: 'What happened' }).inputValue()).toBe('updated');
    await page.screenshot({ path: `${SCREENSHOTS}/activity.png`, fullPage: true });

    // A day later than today lists nothing; the day pickers are in "More filters".
    await page.getByRole('button', { name: 'More filters' }).click();
    const tomorrow = new Date(Date.now() + 86_400_000);
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    await page.getByLabel('From', { exact: true }).fill(day);
    await page.waitForURL((url) => url.searchParams.get('from') === day);
    await page.getByText('No change matches these filters').waitFor();
    await page.getByRole('button', { name: /^Clear \d filters$/ }).click();

    await page.getByLabel('Record id').fill(fn.id);
    await page.waitForURL((url) => url.searchParams.get('recordId') === fn.id);
    await table.getByRole('link', { name: after }).first().click();
    await page.getByRole('heading', { name: after, level: 1 }).waitFor();
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it("shows a record's changes on its page, and a save made there adds its own with the person who made it", async () => {
    const operator = await server.t.operator();
    const name = unique('Panel');
    const fn = await send('POST', '/price-functions', operator, { name, expression: 'price' });
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/price-functions/${fn.id}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const changes = page.getByRole('list', { name: 'Changes of this record' });
    await changes.getByText('Created', { exact: true }).waitFor();
    expect(await changes.locator(':scope > li').count()).toBe(1);

    await page.getByLabel('Expression').fill('price * 3');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Price function saved').waitFor();
    await expect.poll(() => changes.locator(':scope > li').count()).toBe(2);
    const newest = (await changes.locator(':scope > li').first().innerText()).replace(/\s+/g, ' ');
    expect(newest).toContain('Updated by admin');
    expect(newest).toContain('expression: price → price * 3');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Every change in Activity' }).click();
    await page.waitForURL((url) => url.searchParams.get('recordId') === fn.id);
    await expect.poll(() => page.getByRole('table', { name: 'Activity' }).getByRole('row').count()).toBe(3);
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it("shows a customer's user the changes of its own customer's records only, with no customer column", async () => {
    const mine = await customerWithToken(server.t, { name: unique('Own') });
    const other = await customerWithToken(server.t);
    const own = await send('POST', '/price-functions', mine.token, { name: unique('Mine'), expression: 'price' });
    const theirs = await send('POST', '/price-functions', other.token, { name: unique('Theirs'), expression: 'price' });
    const username = unique('auditor');
    await send('POST', `/iam/realms/${mine.realmName}/users`, await server.t.operator(), {
      username,
      password: 'auditor-password-1',
      scope: 'catalog:read',
    });

    const page = await server.newPage();
    await signIn(page, mine.realmName, username, 'auditor-password-1');
    await page.goto('/console/activity');
    const table = page.getByRole('table', { name: 'Activity' });
    await table.getByRole('link', { name: own.name }).waitFor();
    expect(await table.getByRole('link', { name: theirs.name }).count()).toBe(0);
    expect(await table.getByRole('columnheader', { name: 'Customer' }).count()).toBe(0);
    const actors = await table.getByRole('row').filter({ hasText: own.name }).innerText();
    expect(actors).toContain(mine.realmName);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(server.problems).toEqual([]);
    await page.close();
  });
});
