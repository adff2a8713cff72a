import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_SECRET, startTestApp, type TestApp } from '../support/test-app.js';
import { browserSkipReason, launchChromium } from './chromium.js';

/**
 * The interactive reference (GET /docs, Swagger UI) in headless Chromium, as a newcomer uses it: "Try it out" on the
 * token request shows the JSON error of a wrong secret (no browser sign-in prompt), then the token of the right one.
 */

let t: TestApp;
let browser: Browser;
/** The reference, opened once: Swagger UI renders the whole document (seconds of the browser's CPU) on every load. */
let page: Page;
const pageErrors: string[] = [];
/** What the page's Content-Security-Policy refused: Chromium logs each refusal to the console as an error. */
const refused: string[] = [];

beforeAll(async () => {
  if (browserSkipReason) return;
  t = await startTestApp();
  const base = await t.built.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(`${base}/docs`);
}, 120_000);
afterAll(async () => {
  await page?.close();
  await browser?.close();
  await t?.close();
});

interface Answer {
  status: string;
  body: string;
  challenge: string | undefined;
}

/** Opens the token operation, fills its body and executes it; answers what the UI shows and the header it got. */
async function tryTokenRequest(page: Page, body: object): Promise<Answer> {
  const operation = page.locator('.opblock[id$="-getUserToken"]');
  if (!(await operation.locator('button.execute').isVisible())) {
    await operation.locator('.opblock-summary').first().click();
    await operation.locator('button.try-out__btn').click();
  }
  await operation.locator('textarea.body-param__text').fill(JSON.stringify(body));
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/iam/tokens')),
    operation.locator('button.execute').click(),
  ]);
  const shown = operation.locator('.live-responses-table tbody tr.response');
  await shown.first().waitFor();
  return {
    status: (await shown.first().locator('.response-col_status').innerText()).trim(),
    body: await shown.first().locator('.response-col_description pre').first().innerText(),
    challenge: response.headers()['www-authenticate'],
  };
}

describe.skipIf(browserSkipReason !== undefined)('the API reference in a browser (GET /docs)', () => {
  it('runs "Try it out" on a token request: a wrong secret shows the JSON error without a sign-in prompt, the right one a token', async () => {
    await page.locator('.opblock[id$="-getUserToken"]').waitFor();
    const refused = await tryTokenRequest(page, {
      realmName: 'operator',
      grantType: 'client_credentials',
      clientSecret: 'not-the-secret',
    });
    expect(refused.status).toBe('401');
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'invalid_client', status: 401 });
    // A Basic challenge would make the browser open its own sign-in prompt instead of showing this answer.
    expect(refused.challenge).toBeUndefined();

    const issued = await tryTokenRequest(page, {
      realmName: 'operator',
      grantType: 'client_credentials',
      clientSecret: OPERATOR_SECRET,
    });
    expect(issued.status).toBe('200');
    expect(JSON.parse(issued.body)).toMatchObject({
      token_type: 'Bearer',
      expires_in: expect.any(Number),
      access_token: expect.any(String),
    });
  }, 90_000);

  it('introduces the APIs it serves, with no page error and nothing refused by its Content-Security-Policy', async () => {
    const intro = page.locator('.information-container .description');
    await intro.waitFor();
    const text = await intro.innerText();
    for (const api of ['Terms and conditions', 'Notifications', 'Subscriptions']) expect(text).toContain(api);
    expect(text).not.toMatch(/not built/i);
    expect(pageErrors).toEqual([]);
    expect(refused).toEqual([]);
  }, 60_000);
});
