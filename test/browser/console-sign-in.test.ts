import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason } from './chromium.js';
import { SCREENSHOTS, seriousA11yViolations, signInAsOperator, startConsoleServer, type ConsoleServer } from './console-server.js';

let server: ConsoleServer;

beforeAll(async () => {
  if (!browserSkipReason) server = await startConsoleServer();
}, 180_000);
afterAll(async () => server?.close());

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
});
