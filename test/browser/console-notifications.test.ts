import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDefinition,
  createReceiver,
  type Json,
  publish,
  unique,
} from '../notifications/notification-factories.js';
import { WebhookReceiver } from '../notifications/webhook-receiver.js';
import { until } from '../support/wait.js';
import { browserSkipReason } from './chromium.js';
import { SCREENSHOTS, seriousA11yViolations, signInAsOperator, useConsoleServer } from './console-server.js';

// The worker runs inside the server, as with `npm start`: the console's "deliver again" is then delivered for real.
const server = await useConsoleServer({
  OUTBOUND_ALLOWLIST: '127.0.0.1',
  NOTIFICATION_WORKER: 'on',
  NOTIFICATION_POLL_MS: '100',
});
let hooks: WebhookReceiver;

beforeAll(async () => {
  if (browserSkipReason) return;
  hooks = await WebhookReceiver.start();
});
afterAll(async () => {
  await hooks?.close();
});

async function accessible(page: Page): Promise<void> {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

describe.skipIf(browserSkipReason !== undefined)('notifications in the console', () => {
  it('creates a web hook receiver (secret shown once), logs its delivery with request and response, and delivers it again', async () => {
    const operator = await server.t.operator();
    const subject = unique('order');
    const definition = await createDefinition(server.t, operator, {
      name: `Order paid ${subject}`,
      eventMatcher: { fact: 'paid', subject },
      mainIdJsonPath: '$.involved.order.id',
      notificationPayload: { subject: 'Order {{ event.involved.order.id }} paid', type: 'ORDER_PAID' },
    });
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.getByRole('link', { name: 'Receivers', exact: true }).click();
    await page.getByRole('heading', { name: 'Notification receivers', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New receiver' }).click();
    await page.getByLabel(/^Name/).fill(`Hooks ${subject}`);
    await page.getByRole('combobox', { name: 'Definitions it listens to' }).fill(definition.name);
    await page.getByRole('option', { name: definition.name }).click();
    await page.keyboard.press('Escape');

    // An address the outbound rules refuse: the API's 400 lands on the URL field.
    await page.getByLabel('Web hook URL').fill('http://10.20.30.40/hooks');
    await page.getByRole('button', { name: 'Create receiver' }).click();
    await page.getByText(/10\.20\.30\.40 is a private \(RFC 1918\) address/).waitFor();
    expect(await page.getByLabel('Web hook URL').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Web hook URL').fill(hooks.url);
    await page.getByRole('button', { name: 'Create receiver' }).click();
    const secretCode = page.getByLabel('Signing secret', { exact: true });
    await secretCode.waitFor();
    const secret = (await secretCode.textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await accessible(page);
    await page.getByRole('button', { name: 'Open the receiver' }).click();
    await page.getByRole('heading', { name: `Hooks ${subject}`, level: 1 }).waitFor();
    expect(await page.getByText(secret).count()).toBe(0);

    const orderId = unique('o');
    await publish(server.t, operator, {
      fact: 'paid',
      subject,
      what: { delta: { amount: 42 } },
      involved: { order: { id: orderId } },
    });
    await until('the first delivery', () => hooks.received.length === 1, 20_000);
    expect(
      new Webhook(secret).verify(hooks.received[0]!.body, hooks.received[0]!.headers as Record<string, string>),
    ).toMatchObject({ payload: { subject: `Order ${orderId} paid` } });

    await page.getByRole('link', { name: 'Its deliveries' }).click();
    await page.getByRole('heading', { name: 'Delivery log', level: 1 }).waitFor();
    expect(new URL(page.url()).searchParams.get('notificationReceiverId')).toBeTruthy();
    const row = page.getByRole('row').filter({ hasText: orderId });
    await row.getByText('SUCCESS').waitFor();
    await row.getByText('HTTP 200').waitFor();
    await accessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/delivery-log.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Delivery log', level: 1 }).waitFor();
    await accessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/delivery-log-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 860 });

    await row.getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Delivery', level: 1 }).waitFor();
    const notificationId = JSON.parse(hooks.received[0]!.body).notificationId as string;
    await page.getByRole('region', { name: 'Web hook request body' }).getByText(notificationId).first().waitFor();
    expect(await page.getByRole('region', { name: "Receiver's response" }).textContent()).toContain('HTTP 200');
    await page.getByRole('main').getByText('SUCCESS', { exact: true }).first().waitFor();
    await accessible(page);

    await page.getByRole('button', { name: 'Deliver again' }).click();
    await until('the second delivery', () => hooks.received.length === 2, 20_000);
    expect(hooks.received[1]!.headers['webhook-id']).toBe(notificationId);
    expect(hooks.received[1]!.body).toBe(hooks.received[0]!.body);
    await page.getByText(/Delivered again: HTTP 200/).waitFor();
    await page.getByText('Tries made').locator('..').getByText('2', { exact: true }).waitFor();
    await accessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/delivery-again.png`, fullPage: true });
    expect(server.problems).toEqual([]);
    await page.context().close();
  });

  it('edits a definition with filter rows and tests sample events: a match with its main id, and the filter that fails', async () => {
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.getByRole('link', { name: 'Definitions', exact: true }).click();
    await page.getByRole('link', { name: 'New definition' }).click();
    const name = unique('Product disabled');
    await page.getByLabel(/^Name/).fill(name);
    // Subjects and facts come from the service's event catalogue: a subscription's facts are its life cycle's.
    const subject = page.getByRole('combobox', { name: 'Subject' });
    const fact = page.getByRole('combobox', { name: 'Fact' });
    await subject.fill('subscri');
    await page.getByRole('option', { name: 'subscription', exact: true }).click();
    await fact.fill('susp');
    await page.getByRole('option', { name: 'suspended', exact: true }).waitFor();
    await fact.press('Escape');
    await subject.fill('prod');
    await page.getByRole('option', { name: 'product', exact: true }).click();
    // A product is never suspended: the catalogue offers only a product's own facts.
    await fact.fill('u');
    await page.getByRole('option', { name: 'updated', exact: true }).waitFor();
    expect(await page.getByRole('option', { name: 'suspended', exact: true }).count()).toBe(0);
    await fact.fill('upd');
    await page.getByRole('option', { name: 'updated', exact: true }).click();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Filter 1 JSONPath').fill('$.what.delta.status');
    await page.getByLabel('Filter 1 value').fill('DISABLED');
    await page.getByLabel('Filter 2 JSONPath').fill('$.what[');
    await page.getByRole('button', { name: 'Create definition' }).click();
    // A path that does not parse: the API's 400 names the row.
    await page.getByText(/^body\.eventMatcher\.filters\[1\]\.jsonPath/).waitFor();
    expect(await page.getByLabel('Filter 2 JSONPath').getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Remove filter 2' }).click();
    expect(await page.getByLabel('Filter 2 JSONPath').count()).toBe(0);
    await page.getByLabel('Payload subject').fill('Product {{ event.involved.product.id }} disabled');
    await page.getByRole('button', { name: 'Create definition' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Test the event' }).click();
    const result = page.getByRole('status').filter({ hasText: 'The event' });
    await result.getByText('The event matches').waitFor();
    await result.getByText('sample-id-1').waitFor();

    const sample = page.getByLabel('Sample event (JSON)');
    await sample.fill('{ "fact": "updated", ');
    await page.getByRole('button', { name: 'Test the event' }).click();
    await page.getByText(/This is not JSON/).waitFor();
    await sample.fill(
      JSON.stringify(
        {
          fact: 'updated',
          subject: 'product',
          what: { delta: { status: 'ENABLED' } },
          involved: { product: { id: 'p-42' } },
        },
        null,
        2,
      ),
    );
    await page.getByRole('button', { name: 'Test the event' }).click();
    await result.getByText('The event does not match').waitFor();
    await result.getByText('Filter 1 ($.what.delta.status)').waitFor();
    await result.getByText('ENABLED', { exact: true }).waitFor();
    await result.getByText('p-42').waitFor();
    await accessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/definition-test.png`, fullPage: true });

    await page.getByRole('link', { name: '← Notification definitions' }).click();
    await page.getByRole('link', { name }).waitFor();
    await accessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/notification-definitions.png`, fullPage: true });
    expect(server.problems).toEqual([]);
    await page.context().close();
  });

  it("rotates a receiver's signing secret, showing the new one once, and lists the receivers", async () => {
    const operator = await server.t.operator();
    const definition = await createDefinition(server.t, operator);
    const receiver: Json = await createReceiver(server.t, operator, {
      name: unique('Order desk'),
      url: 'https://hooks.example.com/in',
      emails: 'ops@example.com',
      notificationDefinitionIds: [definition.id],
      httpClientConfiguration: { httpHeaders: { 'X-Team': ['orders'] } },
    });
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/notification-receivers/${receiver.id}`);
    await page.getByRole('heading', { name: receiver.name, level: 1 }).waitFor();
    expect(await page.getByLabel('Header 1 name').inputValue()).toBe('X-Team');
    await page.getByRole('button', { name: 'Rotate signing secret' }).click();
    const fresh = (await page.getByLabel('New signing secret', { exact: true }).textContent()) ?? '';
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(receiver.signingSecret);
    await page.getByText(/The previous secret keeps signing/).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/receiver-rotated.png`, fullPage: true });
    // The form still saves after the rotation (its version followed the rotation).
    await page.getByLabel('Header 1 value').fill('orders-eu');
    await page.getByRole('button', { name: 'Save receiver' }).click();
    await page.getByText('Receiver saved').waitFor();
    const stored = await server.t.request<Json>('GET', `/notification-receivers/${receiver.id}`, operator);
    expect(stored.body.httpClientConfiguration.httpHeaders).toEqual({ 'X-Team': ['orders-eu'] });
    expect(stored.body.emails).toEqual(['ops@example.com']);
    await accessible(page);

    await page.getByRole('link', { name: '← Notification receivers' }).click();
    await page.getByRole('link', { name: receiver.name }).waitFor();
    await accessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/receivers.png`, fullPage: true });
    expect(server.problems).toEqual([]);
    await page.context().close();
  });
  it('shows a failing delivery with its error, its next try and the answer, and filters the log by status in the URL', async () => {
    const failing = await WebhookReceiver.start();
    try {
      // Two failures: the first try and the retry 5 s later; the next one waits 5 minutes, so the record stays RETRYING.
      failing.answer({ status: 500, body: 'database down' }, { status: 500, body: 'database down' });
      const operator = await server.t.operator();
      const subject = unique('payment');
      const definition = await createDefinition(server.t, operator, {
        eventMatcher: { fact: 'failed', subject },
        mainIdJsonPath: '$.involved.payment.id',
      });
      const receiver = await createReceiver(server.t, operator, {
        name: unique('Flaky'),
        url: failing.url,
        notificationDefinitionIds: [definition.id],
      });
      const paymentId = unique('pay');
      await publish(server.t, operator, { fact: 'failed', subject, involved: { payment: { id: paymentId } } });
      await until('the failed try', () => failing.received.length >= 1, 20_000);

      const page = await server.newPage();
      await signInAsOperator(page);
      await page.goto(`/console/notifications?status=RETRYING&notificationReceiverId=${receiver.id}`);
      const row = page.getByRole('row').filter({ hasText: paymentId });
      await row.getByText('RETRYING').waitFor();
      await row.getByText('the receiver answered 500').waitFor();
      await accessible(page);
      await page.getByLabel('Status', { exact: true }).first().click();
      await page.getByRole('option', { name: 'SUCCESS' }).click();
      await page.getByText('No delivery matches these filters').waitFor();
      expect(new URL(page.url()).searchParams.get('status')).toBe('SUCCESS');
      await page.goBack();
      await row.getByRole('link').first().click();
      await page.getByRole('heading', { name: 'Delivery', level: 1 }).waitFor();
      await page.getByRole('cell', { name: 'the receiver answered 500' }).first().waitFor();
      expect(await page.getByRole('region', { name: "Receiver's response" }).textContent()).toContain(
        'HTTP 500 database down',
      );
      expect(await page.getByText('Next try').locator('..').textContent()).not.toContain('—');
      // Every try, not only the last: the first one's answer, opened from the inspector.
      const tries = page.getByRole('region', { name: /^Every try \(\d+\)$/ });
      await tries.getByRole('button', { name: /^Try 1 500/ }).click();
      await tries.getByLabel('Answer body of try 1').getByText('database down').waitFor();
      await accessible(page);
      await page.screenshot({ path: `${SCREENSHOTS}/delivery-failing.png`, fullPage: true });
      expect(server.problems).toEqual([]);
      await page.context().close();
    } finally {
      await failing.close();
    }
  });

  it('opens the stale-version dialog when the definition was saved elsewhere after it was opened, and reloads it', async () => {
    const operator = await server.t.operator();
    const definition = await createDefinition(server.t, operator);
    const page = await server.newPage();
    await signInAsOperator(page);
    await page.goto(`/console/notification-definitions/${definition.id}`);
    await page.getByRole('heading', { name: definition.name, level: 1 }).waitFor();
    const elsewhere = await server.t.request('PUT', `/notification-definitions/${definition.id}`, operator, {
      ...definition,
      name: `${definition.name} (renamed)`,
      dbVersion: 0,
    });
    expect(elsewhere.status).toBe(200);
    await page.getByLabel(/^Payload type/).fill('CHANGED_HERE');
    await page.getByRole('button', { name: 'Save definition' }).click();
    const dialog = page.getByRole('dialog', { name: 'Someone saved this record after you opened it' });
    // Fields read as the form labels them, not as paths.
    await dialog.getByRole('cell', { name: 'Name', exact: true }).waitFor();
    await dialog.getByRole('cell', { name: 'Notification payload › Type', exact: true }).waitFor();
    await accessible(page);
    await dialog.getByRole('button', { name: 'Reload (drop my edit)' }).click();
    await page.getByRole('heading', { name: `${definition.name} (renamed)`, level: 1 }).waitFor();
    expect(await page.getByLabel(/^Payload type/).inputValue()).toBe('PRODUCT_DISABLED');
    expect(server.problems).toEqual([]);
    await page.context().close();
  });
});
