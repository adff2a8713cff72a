import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../support/test-app.js';
import { browserSkipReason } from './chromium.js';
import {
  SCREENSHOTS,
  seriousA11yViolations,
  signInThroughPages as signIn,
  signInThroughPagesAsOperator as signInAsOperator,
  useConsoleServer,
} from './console-server.js';

const server = await useConsoleServer();

describe.skipIf(browserSkipReason !== undefined)('signing in to the console (authorization code with PKCE)', () => {
  it('signs the operator in through the realm page, shows the overview, and reports no page error or CSP violation', async () => {
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.getByText('the platform operator', { exact: false }).waitFor();
    await page.getByLabel(/^Customers: \d+$/).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/overview-operator.png`, fullPage: true });
    expect(server.problems).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });

  it("has accessible sign-in pages: the console's realm step and the realm's own page", async () => {
    const page = await server.newPage();
    await page.goto('/console/');
    await page.getByLabel('Realm').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue to sign-in' }).click();
    await page.getByLabel('Password').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });

  it("signs a publisher's user in to its own realm: its customer's sections only, no operator section", async () => {
    const tenant = await server.t.tenant();
    await server.t.request('POST', `/iam/realms/${tenant.realm}/users`, await server.t.operator(), {
      username: 'editor',
      password: 'editor-password-1',
    });
    const page = await server.newPage();
    await signIn(page, tenant.realm, 'editor', 'editor-password-1');
    await page.getByText(`(customer ${tenant.customerId})`).waitFor();
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await expect(sections.getByRole('link', { name: 'Overview' }).count()).resolves.toBe(1);
    await expect(sections.getByRole('link', { name: 'Customers' }).count()).resolves.toBe(0);
    await expect(page.getByText('Events waiting for dispatch').count()).resolves.toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}/overview-publisher.png`, fullPage: true });
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it('stays signed in across a reload of the tab, and sign-out ends the session at the realm (its tokens stop working)', async () => {
    const page = await server.newPage();
    const tokens = new Set<string>();
    page.on('request', (request) => {
      const authorization = request.headers().authorization;
      if (authorization?.startsWith('Bearer ')) tokens.add(authorization.slice(7));
    });
    await signInAsOperator(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(tokens.size).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Realm').waitFor();
    for (const token of tokens) expect((await server.t.request('GET', '/terms', token)).status).toBe(401);
    await page.goto('/console/customers');
    await page.getByLabel('Realm').waitFor();
    expect(page.url()).toContain('/console/sign-in');
    await page.screenshot({ path: `${SCREENSHOTS}/signed-out.png`, fullPage: true });
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it('fits a phone: at 390 px the sections open from the menu button', async () => {
    const page = await server.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsOperator(page);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/customers-390.png`, fullPage: true });
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it('works from the keyboard alone: sign-in, the skip link, a section opened with Enter', async () => {
    const page = await server.newPage();
    await page.goto('/console/');
    await page.getByLabel('Realm').waitFor();
    // The realm field has the focus; Enter submits.
    await page.keyboard.press('Enter');
    await page.getByLabel('Username').waitFor();
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();

    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
    let focused = '';
    for (let presses = 0; presses < 15 && focused !== 'Customers'; presses++) {
      await page.keyboard.press('Tab');
      focused = (await page.evaluate(() => document.activeElement?.textContent?.trim())) ?? '';
    }
    expect(focused).toBe('Customers');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/keyboard-customers.png`, fullPage: true });
    expect(server.problems).toEqual([]);
    await page.close();
  });
});
