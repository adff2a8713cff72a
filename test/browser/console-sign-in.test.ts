import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason } from './chromium.js';
import { SCREENSHOTS, signInAsOperator, startConsoleServer, type ConsoleServer } from './console-server.js';

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
    await page.close();
  });
});
