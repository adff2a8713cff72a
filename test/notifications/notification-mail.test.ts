import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { dispatchAll, makeDue, notificationsOf, workerFor } from './notification-drivers.js';
import { createDefinition, createReceiver, type Json, publish, unique } from './notification-factories.js';
import { SmtpSink } from './smtp-sink.js';
import { WebhookReceiver } from './webhook-receiver.js';

let smtp: SmtpSink;
let smtpUrl: string;

const { t, operator } = await useApp({ env: { OUTBOUND_ALLOWLIST: '127.0.0.1' }, operator: true });
beforeAll(async () => {
  smtp = await SmtpSink.start();
  smtpUrl = smtp.url;
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(() => smtp.reset());

/** A definition on paid/<subject>, a receiver with `receiver` fields, one dispatched event. */
async function oneEvent(receiver: Json) {
  const subject = unique('order');
  const definition = await createDefinition(t, operator, {
    eventMatcher: { fact: 'paid', subject },
    mainIdJsonPath: '$.involved.order.id',
    notificationPayload: {
      subject: 'Order {{ event.involved.order.id }} paid',
      content: 'Amount: {{ event.what.delta.amount }} EUR',
      type: 'ORDER_PAID',
    },
  });
  await createReceiver(t, operator, { notificationDefinitionIds: [definition.id], ...receiver });
  const orderId = unique('o');
  await publish(t, operator, {
    fact: 'paid',
    subject,
    what: { delta: { amount: 42 } },
    involved: { order: { id: orderId } },
  });
  await dispatchAll(t);
  return { definition, orderId };
}

describe('e-mail delivery', () => {
  it('sends the rendered subject and content over SMTP to every address, and keeps the message as an asset', async () => {
    const { definition, orderId } = await oneEvent({ url: undefined, emails: 'ops@example.com, desk@example.com' });
    const { worker, close } = workerFor(t, {}, { smtpUrl });
    await worker.deliverDue();
    await close();
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.from).toBe('platform@example.com');
    expect(smtp.mails[0]!.to).toEqual(['ops@example.com', 'desk@example.com']);
    expect(smtp.mails[0]!.data).toContain(`Subject: Order ${orderId} paid`);
    expect(smtp.mails[0]!.data).toContain('Amount: 42 EUR');
    const [record] = await notificationsOf(t, operator, definition.id);
    expect(record).toMatchObject({
      status: 'SUCCESS',
      emails: ['ops@example.com', 'desk@example.com'],
      mailSubject: `Order ${orderId} paid`,
      mailBody: 'Amount: 42 EUR',
      mailStorageId: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(smtp.mails[0]!.data).toContain(`Message-ID: <${record.id}@platform.example.com>`);
    const { rows } = await t.built.db.query<{ content_type: string }>('SELECT content_type FROM assets WHERE id = $1', [
      record.mailStorageId,
    ]);
    expect(rows[0]!.content_type).toBe('message/rfc822');
  });

  it('writes the message to the mail spool when no SMTP server is configured', async () => {
    const { definition, orderId } = await oneEvent({ url: undefined, emails: 'ops@example.com' });
    const { worker, close, dataDir } = workerFor(t);
    await worker.deliverDue();
    await close();
    const [record] = await notificationsOf(t, operator, definition.id);
    expect(record.status).toBe('SUCCESS');
    const spooled = await readFile(join(dataDir, 'mail-spool', `${record.id}.eml`), 'utf8');
    expect(spooled).toContain(`Subject: Order ${orderId} paid`);
    expect(smtp.mails).toEqual([]);
  });

  it("records a refused message as the try's error and retries, and keeps no copy of it", async () => {
    smtp.refuse = true;
    const { definition } = await oneEvent({ url: undefined, emails: 'ops@example.com' });
    const { worker, close } = workerFor(t, {}, { smtpUrl });
    await worker.deliverDue();
    let [record] = await notificationsOf(t, operator, definition.id);
    expect(record.status).toBe('RETRYING');
    expect(record.errors[0].error).toMatch(/^the e-mail could not be sent: .*mailbox unavailable/);
    expect(record.mailStorageId).toBeUndefined();
    const copies = async () =>
      (
        await t.built.db.query<{ id: string }>('SELECT id FROM assets WHERE filename = $1', [
          `notification-${record.id}.eml`,
        ])
      ).rows;
    expect(await copies()).toEqual([]);
    smtp.refuse = false;
    await makeDue(t, record.id);
    await worker.deliverDue();
    await close();
    [record] = await notificationsOf(t, operator, definition.id);
    expect(record.status).toBe('SUCCESS');
    expect(await copies()).toEqual([{ id: record.mailStorageId }]);
  });

  it('counts a sent mail whose copy cannot be kept as sent, without a mailStorageId, and does not send it again', async () => {
    const hooks = await WebhookReceiver.start();
    const dataDir = mkdtempSync(join(tmpdir(), 'notif-nocopy-'));
    try {
      // The staging area is a file: the copy cannot be staged, after the mail went out.
      mkdirSync(join(dataDir, 'assets'), { recursive: true });
      writeFileSync(join(dataDir, 'assets', '.staging'), 'not a directory');
      hooks.answer({ status: 500 });
      const { definition, orderId } = await oneEvent({ url: hooks.url, emails: 'ops@example.com' });
      const { worker, close } = workerFor(t, {}, { smtpUrl, dataDir });
      await worker.deliverDue();
      let [record] = await notificationsOf(t, operator, definition.id);
      expect(record).toMatchObject({ status: 'RETRYING', mailSubject: `Order ${orderId} paid` });
      expect(record.mailStorageId).toBeUndefined();
      expect(record.errors.map((entry: Json) => entry.error)).toEqual(['the receiver answered 500']);
      await makeDue(t, record.id);
      await worker.deliverDue();
      await close();
      [record] = await notificationsOf(t, operator, definition.id);
      expect(record.status).toBe('SUCCESS');
      expect(smtp.mails).toHaveLength(1);
    } finally {
      await hooks.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('sends the mail once when the web hook of the same receiver fails and is retried', async () => {
    const hooks = await WebhookReceiver.start();
    try {
      hooks.answer({ status: 500 });
      const { definition } = await oneEvent({ url: hooks.url, emails: 'ops@example.com' });
      const { worker, close } = workerFor(t, {}, { smtpUrl });
      await worker.deliverDue();
      let [record] = await notificationsOf(t, operator, definition.id);
      expect(record).toMatchObject({ status: 'RETRYING', mailStorageId: expect.any(String) });
      await makeDue(t, record.id);
      await worker.deliverDue();
      await close();
      [record] = await notificationsOf(t, operator, definition.id);
      expect(record.status).toBe('SUCCESS');
      expect(smtp.mails).toHaveLength(1);
      expect(hooks.received).toHaveLength(2);
    } finally {
      await hooks.close();
    }
  });
});
