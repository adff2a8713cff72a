import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSkipReason } from './chromium.js';
import { SCREENSHOTS, seriousA11yViolations, signInAsOperator, useConsoleServer } from './console-server.js';

const server = await useConsoleServer();

/** A field by its whole label, with or without the required mark Mantine adds (`Template (HTML) *`). */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

interface DomNode {
  nodeId: number;
  nodeName: string;
  nodeValue?: string;
  attributes?: string[];
  children?: DomNode[];
  contentDocument?: DomNode;
}

/**
 * The document inside the preview frame, read through the DevTools protocol: a frame that may run no script runs
 * none of Playwright's either, so its locators cannot look inside it.
 */
async function previewFrame(page: Page, title: string) {
  // A sandboxed frame has an opaque origin: Chromium may run it in a process of its own (then it has its own session).
  const handle = await page.locator(`iframe[title="${title}"]`).elementHandle();
  const frame = await handle?.contentFrame();
  const own = frame
    ? await page
        .context()
        .newCDPSession(frame)
        .catch(() => undefined)
    : undefined;
  const cdp = own ?? (await page.context().newCDPSession(page));
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const all = (node: DomNode): DomNode[] => [
    node,
    ...(node.children ?? []).flatMap(all),
    ...(node.contentDocument ? all(node.contentDocument) : []),
  ];
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const iframe = all(root).find((node) => node.nodeName === 'IFRAME' && node.attributes?.includes(title));
  const inside = own ? all(root) : iframe?.contentDocument ? all(iframe.contentDocument) : [];
  const text = (node: DomNode): string => (node.nodeValue ?? '') + (node.children ?? []).map(text).join('');
  const element = (name: string) => inside.find((node) => node.nodeName === name);
  return {
    text: (name: string) => (element(name) ? text(element(name)!) : undefined),
    attribute: (name: string, attribute: string) => {
      const attributes = element(name)?.attributes ?? [];
      const at = attributes.indexOf(attribute);
      return at >= 0 && at % 2 === 0 ? attributes[at + 1] : undefined;
    },
    style: async (name: string, property: string) => {
      const { computedStyle } = (await cdp.send('CSS.getComputedStyleForNode', { nodeId: element(name)!.nodeId })) as {
        computedStyle: { name: string; value: string }[];
      };
      return computedStyle.find((entry) => entry.name === property)?.value;
    },
  };
}

const TEMPLATE = [
  '<style>h1 { color: rgb(30, 111, 217); }</style>',
  '<h1>Conditions générales</h1>',
  '<p style="font-style: italic">Vous pouvez annuler sous {{ company.cancelPeriod }}.</p>',
  '<script>parent.document.title = "ran"; document.body.dataset.ran = "yes";</script>',
].join('\n');

describe.skipIf(browserSkipReason !== undefined)('terms in the console', () => {
  it('writes a terms template whose preview renders it in a sandboxed frame that runs no script, and saves it', async () => {
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.getByRole('link', { name: 'Terms templates' }).click();
    await page.getByRole('heading', { name: 'Terms templates', level: 1 }).waitFor();
    await page.mouse.move(1200, 10);
    await page.getByText('No terms template yet').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'New template' }).click();
    await page.getByRole('heading', { name: 'New terms template', level: 1 }).waitFor();
    await field(page, 'Locale').fill('fr_FR');
    await field(page, 'Start').fill('2026-01-01T00:00');
    await field(page, 'Template (HTML)').fill(TEMPLATE);
    const iframe = page.locator('iframe[title="Preview of the terms template"]');
    expect(await iframe.getAttribute('sandbox')).toBe('');
    // The preview is debounced: wait until the frame holds the template.
    await expect
      .poll(async () => (await previewFrame(page, 'Preview of the terms template')).text('H1'), { timeout: 10_000 })
      .toBe('Conditions générales');
    const preview = await previewFrame(page, 'Preview of the terms template');
    expect(preview.text('P')).toBe('Vous pouvez annuler sous {{ company.cancelPeriod }}.');
    // The template's own <style> applies (it carries the page's nonce); its script does not run.
    expect(await preview.style('H1', 'color')).toBe('rgb(30, 111, 217)');
    expect(preview.attribute('BODY', 'data-ran')).toBeUndefined();
    expect(await page.title()).not.toBe('ran');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/terms.png`, fullPage: true });

    await page.getByRole('button', { name: 'Create template' }).click();
    await page.getByRole('heading', { name: 'Terms template (fr_FR)', level: 1 }).waitFor();
    const listed = await server.t.request<{ items: Record<string, unknown>[] }>(
      'GET',
      '/terms?locale=fr_FR',
      await server.t.operator(),
    );
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        template: TEMPLATE,
        model: 'MOR',
        status: 'DRAFT',
        locale: 'fr_FR',
        startDate: expect.stringMatching(/^2026-01-01T/),
      }),
    ]);
    await expect
      .poll(async () => (await previewFrame(page, 'Preview of the terms template')).text('H1'), { timeout: 10_000 })
      .toBe('Conditions générales');

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/terms-390.png`, fullPage: true });
    // The only report: the browser refusing the template's script, as the sandbox should.
    const blocked = (problem: string) =>
      /Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/.test(problem);
    expect(server.problems.some(blocked)).toBe(true);
    expect(server.problems.filter((problem) => !blocked(problem))).toEqual([]);
    server.problems.length = 0;
    await page.close();
  });

  it('creates company terms parameters with a cancellation period per language, and lists them by corporate URL', async () => {
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto('/console/company-terms');
    await page.getByRole('heading', { name: 'Company terms', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New company terms' }).click();
    await page.getByRole('heading', { name: 'New company terms', level: 1 }).waitFor();
    await field(page, 'Corporate URL').fill('https://example.org');
    await field(page, 'Contact form').fill('https://example.org/contact');
    await field(page, 'Cancellation period').fill('14 days');
    await field(page, "Provider's share capital").fill('10000 EUR');
    await page.getByRole('button', { name: 'Add a text' }).click();
    await field(page, 'Locale 1').fill('fr');
    await field(page, 'Text 1').fill('14 jours');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create company terms' }).click();
    await page.getByRole('heading', { name: 'https://example.org', level: 1 }).waitFor();
    await page.getByRole('link', { name: '← Company terms' }).click();
    await field(page, 'Corporate URL').fill('https://example.org');
    await page.waitForURL(/corporateUrl=/);
    await page
      .getByRole('table', { name: 'Company terms' })
      .getByRole('row', { name: /https:\/\/example\.org.*14 days.*10000 EUR/ })
      .waitFor();
    const stored = await server.t.request<{ items: Record<string, unknown>[] }>(
      'GET',
      '/company-terms?corporateUrl=https://example.org',
      await server.t.operator(),
    );
    expect(stored.body.items).toEqual([
      expect.objectContaining({
        cancelPeriod: '14 days',
        cancelPeriodI18nConfiguration: { fr: { label: '14 jours' } },
      }),
    ]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/company-terms.png`, fullPage: true });
    expect(server.problems).toEqual([]);
    await page.close();
  });
});
