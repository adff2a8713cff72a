import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { browserSkipReason } from './chromium.js';
import { SCREENSHOTS, seriousA11yViolations, signIn, signInAsOperator, useConsoleServer } from './console-server.js';

const server = await useConsoleServer();

/** A PNG of one transparent pixel. */
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe.skipIf(browserSkipReason !== undefined)('assets in the console', () => {
  it('uploads a dropped file with its progress shown, copies its public link, which downloads the same bytes, and deletes it once confirmed', async () => {
    const page = await server.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    await signInAsOperator(page);
    await page.getByRole('link', { name: 'Assets' }).click();
    await page.getByRole('heading', { name: 'Assets', level: 1 }).waitFor();
    await page.mouse.move(1200, 10);
    await page.getByText('No asset yet').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The upload is slowed to 1 MiB/s so that its progress can be seen between 0 and 100 %.
    const bytes = randomBytes(3 * 1024 * 1024);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'price list 2026.bin', mimeType: 'application/octet-stream', buffer: bytes });
    const progress = page.getByRole('progressbar', { name: 'Uploading price list 2026.bin' });
    await expect
      .poll(
        async () => Number((await progress.getAttribute('aria-valuenow', { timeout: 1000 }).catch(() => null)) ?? 0),
        { timeout: 20_000, interval: 50 },
      )
      .toBeGreaterThan(5);
    const midway = Number(await progress.getAttribute('aria-valuenow'));
    expect(midway).toBeLessThan(100);
    await page.getByText(/% of 3\.0 MiB/).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/assets-uploading.png`, fullPage: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const uploads = page.getByRole('list', { name: 'Uploads' });
    await uploads.getByRole('button', { name: 'Copy the link of price list 2026.bin' }).click();
    await uploads.getByRole('button', { name: 'Link of price list 2026.bin copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await uploads.getByRole('link', { name: 'Open price list 2026.bin' }).getAttribute('href'));
    expect(copied.startsWith(`${server.origin}/assets/`)).toBe(true);
    const download = await fetch(copied);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);

    const table = page.getByRole('table', { name: 'Stored assets' });
    await table.getByRole('row', { name: /price list 2026\.bin.*application\/octet-stream.*3\.0 MiB/ }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/assets.png`, fullPage: true });

    await table.getByRole('button', { name: 'Delete price list 2026.bin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this asset?' });
    await dialog.getByText(copied).waitFor();
    // Once the dialog has faded in: axe measures contrast through the opacity of the transition.
    await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No asset yet').waitFor();
    expect((await fetch(copied)).status).toBe(404);
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it('holds at 390 px wide: the upload zone and the list with its link and actions', async () => {
    const token = await server.t.operator();
    const form = new FormData();
    form.append('file', new Blob(['Photo Studio Pro: release notes\n'], { type: 'text/plain' }), 'release-notes.txt');
    const uploaded = await fetch(`${server.origin}/assets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const page = await server.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsOperator(page);
    await page.goto('/console/assets');
    await page
      .getByRole('table', { name: 'Stored assets' })
      .getByRole('link', { name: 'Open release-notes.txt' })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/assets-390.png`, fullPage: true });
    expect(server.problems).toEqual([]);
    await page.close();
  });

  it("lists a customer's own uploads to its users as a media library with thumbnails, never another customer's, without deletion (issue 31)", async () => {
    const operator = await server.t.operator();
    const userOf = async () => {
      const tenant = await server.t.tenant();
      const password = `files-${randomBytes(6).toString('hex')}`;
      const made = await server.t.request('POST', `/iam/realms/${tenant.realm}/users`, operator, {
        username: 'files',
        password,
        scope: 'assets:read assets:write',
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return { realm: tenant.realm, password };
    };
    const owner = await userOf();
    const stranger = await userOf();
    const page = await server.newPage();
    await signIn(page, owner.realm, 'files', owner.password);
    await page.getByRole('link', { name: 'Assets' }).click();
    await page.getByRole('heading', { name: 'Your files, oldest first' }).waitFor();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'owner notes.txt', mimeType: 'text/plain', buffer: Buffer.from('mine only') });
    const table = page.getByRole('table', { name: 'Stored assets' });
    await table.getByRole('row', { name: /owner notes\.txt.*text\/plain/ }).waitFor();
    expect(await table.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    // A media library: an image shows as its thumbnail, drawn from its public link; another file by its type.
    await page.reload();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') });
    const thumbnail = table.getByRole('img', { name: 'Preview of logo.png' });
    await thumbnail.waitFor();
    await thumbnail.scrollIntoViewIfNeeded();
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(1);
    expect(await thumbnail.getAttribute('src')).toMatch(
      new RegExp(`^${server.origin}/assets/[0-9a-f]{64}/logo\\.png$`),
    );
    await table.getByRole('img', { name: 'TXT file, no preview' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/assets-library.png`, fullPage: true });
    await page.close();

    const other = await server.newPage();
    await signIn(other, stranger.realm, 'files', stranger.password);
    await other.getByRole('link', { name: 'Assets' }).click();
    await other.getByText('No asset yet').waitFor();
    expect(await other.getByText('owner notes.txt').count()).toBe(0);
    expect(server.problems).toEqual([]);
    await other.close();
  });
});
