import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { freePort } from '../support/free-port.js';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../support/test-app.js';
import { browserSkipReason, launchChromium } from './chromium.js';
import { consoleSession, seedSession } from './console-session.js';

/** Where the console tests leave their screenshots (CI keeps them as artefacts; git ignores them). */
export const SCREENSHOTS = 'test-results/console';

export interface ConsoleServer {
  t: TestApp;
  /** The service's origin, which is also its PUBLIC_BASE_URL (the console's redirect URIs are registered there). */
  origin: string;
  browser: Browser;
  /** Every page error and CSP violation the browser reported, by page. */
  problems: string[];
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/**
 * The service on a real port with the console (built by the tests' global set-up), and Chromium. The port is chosen first so
 * PUBLIC_BASE_URL, the issuer and the registered redirect URIs all name the origin the browser uses.
 */
export async function startConsoleServer(env: Record<string, string> = {}): Promise<ConsoleServer> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await startTestApp({ PUBLIC_BASE_URL: origin, ...env });
  await t.app.listen({ port, host: '127.0.0.1' });
  const browser = await launchChromium();
  const problems: string[] = [];
  return {
    t,
    origin,
    browser,
    problems,
    async newPage() {
      // A context of its own per page (a fresh tab's storage); axe needs pages made from a context.
      const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 860 } });
      const page = await context.newPage();
      origins.set(page, origin);
      page.on('close', () => void context.close().catch(() => undefined));
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // Chromium logs every 4xx answer; an API's answer the console shows (a 412 dialog, a 400 on a field) is not a
        // problem, a file of the console's own that is missing is.
        const url = new URL(message.location().url || origin, origin);
        const apiAnswer =
          message.text().startsWith('Failed to load resource') &&
          !url.pathname.startsWith('/console') &&
          url.pathname !== '/favicon.ico';
        if (!apiAnswer) problems.push(`console error: ${message.text()} (${message.location().url})`);
      });
      return page;
    },
    async close() {
      await browser.close();
      await t.close();
    },
  };
}

/**
 * The console server a test file drives, started when the file is loaded and closed after its last test:
 * `const server = await useConsoleServer()`. Without Chromium (and outside CI) nothing starts, the file's
 * `describe.skipIf(browserSkipReason ...)` skips its tests, and touching the server throws.
 */
export async function useConsoleServer(env: Record<string, string> = {}): Promise<ConsoleServer> {
  if (browserSkipReason) {
    const reason = browserSkipReason;
    return new Proxy({} as ConsoleServer, {
      get(_target, property) {
        // `await` looks for a `then`: the stand-in is no promise.
        if (property === 'then') return undefined;
        throw new Error(`browser tests skipped: ${reason}`);
      },
    });
  }
  const server = await startConsoleServer(env);
  afterAll(() => server.close());
  return server;
}

/** The origin each page's server listens on (a page's baseURL is not readable from the page). */
const origins = new WeakMap<Page, string>();

/**
 * Opens the console signed in as this user, on the overview. The session is got by HTTP, through the realm's sign-in
 * form as the console gets it, and handed to the tab as a reload finds it: only console-sign-in.test.ts walks the
 * sign-in pages (`signInThroughPages`), which cost every other test two loads of the console (~1.5 s of CPU each).
 */
export async function signIn(page: Page, realm: string, username: string, password: string): Promise<void> {
  const origin = origins.get(page);
  if (!origin) throw new Error('signIn: a page made by ConsoleServer.newPage');
  await seedSession(page, await consoleSession(origin, realm, username, password));
  await page.goto('/console/');
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
}

export const signInAsOperator = (page: Page) => signIn(page, 'operator', 'admin', ADMIN_PASSWORD);

/** Signs in through the console as a person does: the realm, then the realm's own sign-in page; ends on the overview. */
export async function signInThroughPages(page: Page, realm: string, username: string, password: string): Promise<void> {
  await page.goto('/console/');
  await page.getByLabel('Realm').fill(realm);
  await page.getByRole('button', { name: 'Continue to sign-in' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
}

export const signInThroughPagesAsOperator = (page: Page) =>
  signInThroughPages(page, 'operator', 'admin', ADMIN_PASSWORD);

/**
 * axe-core's WCAG 2.1 A/AA rules on the page as it is now: answers the serious and critical violations (rule, impact,
 * the first elements), so a failing test names what to fix.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // A dialog fading in is half transparent: its contrast is measured once its transitions have ended (a spinner's
  // endless animation does not count).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  // A frame sandboxed without scripts (a preview of stored HTML) runs none of axe's either: axe would wait on it for ever.
  // The console has no other frame, so axe runs in the page itself (legacy mode): its default opens a blank page per
  // check to merge the frames' results, which cost half of each check's time (about 0.5 s) and found nothing more.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('iframe[sandbox]:not([sandbox~="allow-scripts"])')
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}
