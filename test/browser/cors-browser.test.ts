import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.js';
import { OPERATOR_SECRET, startTestApp, type TestApp } from '../support/test-app.js';
import { browserSkipReason, launchChromium } from './chromium.js';

/**
 * CORS as a browser enforces it: a page on an origin CORS_ORIGINS lists calls the API (preflights included) and reads
 * the headers it follows up with; a page on another origin is refused by the browser.
 */

let t: TestApp;
let api: string;
let browser: Browser;
let listed: Server;
let unlisted: Server;

/** An origin of its own serving one blank page. */
async function pageServer(port = 0): Promise<Server> {
  const server = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>store front</title>'),
  );
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

beforeAll(async () => {
  if (browserSkipReason) return;
  listed = await pageServer(await freePort());
  unlisted = await pageServer();
  t = await startTestApp({ CORS_ORIGINS: originOf(listed) });
  api = await t.built.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
  listed?.close();
  unlisted?.close();
});

/** In the page: a token, a created record (a preflighted POST), then a conditional update (If-Match). */
function callTheApi(page: Page, secret: string) {
  return page.evaluate(
    async ({ api, secret }) => {
      const issued = await fetch(`${api}/iam/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ realmName: 'operator', grantType: 'client_credentials', clientSecret: secret }),
      });
      const { access_token: token } = await issued.json();
      const headers = {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      };
      const terms = { startDate: '2026-01-01T00:00:00Z', template: '<h1>From the store front</h1>', model: 'MOR' };
      const created = await fetch(`${api}/terms`, { method: 'POST', headers, body: JSON.stringify(terms) });
      const record = await created.json();
      const etag = created.headers.get('etag');
      const updated = await fetch(`${api}/terms/${record.id}`, {
        method: 'PUT',
        headers: { ...headers, 'if-match': etag ?? '' },
        body: JSON.stringify({ ...terms, template: 'v2' }),
      });
      return {
        created: created.status,
        location: created.headers.get('location'),
        etag,
        requestId: created.headers.get('x-request-id'),
        updated: updated.status,
        updatedEtag: updated.headers.get('etag'),
      };
    },
    { api, secret },
  );
}

describe.skipIf(browserSkipReason !== undefined)('CORS in a browser (CORS_ORIGINS)', () => {
  it('lets a page on a listed origin get a token, create and update a record, and read ETag, Location and X-Request-Id', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(originOf(listed));
      const outcome = await callTheApi(page, OPERATOR_SECRET);
      expect(outcome).toMatchObject({ created: 201, etag: '"0"', updated: 200, updatedEtag: '"1"' });
      expect(outcome.location).toMatch(/\/terms\/[\w-]+$/);
      expect(outcome.requestId).toEqual(expect.any(String));
    } finally {
      await page.close();
    }
  }, 60_000);

  it('leaves a page on another origin unable to read anything: the browser refuses the call', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(originOf(unlisted));
      await expect(callTheApi(page, OPERATOR_SECRET)).rejects.toThrow(/Failed to fetch/);
    } finally {
      await page.close();
    }
  }, 60_000);
});
