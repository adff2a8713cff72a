import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { uploadFile } from '../assets/asset-kit.js';
import { useApp } from '../support/fixture.js';
import { dispatchAll, notificationsOf, workerFor } from './notification-drivers.js';
import { createDefinition, createReceiver, type Json, publish, unique } from './notification-factories.js';
import { SmtpSink } from './smtp-sink.js';

const clock = new ManualClock(Date.now());
const dataDir = mkdtempSync(join(tmpdir(), 'notif-templates-'));
let smtp: SmtpSink;

const { t, operator } = await useApp({
  env: { DATA_DIR: dataDir, OUTBOUND_ALLOWLIST: '127.0.0.1' },
  clock,
  operator: true,
});
beforeAll(async () => {
  smtp = await SmtpSink.start();
});
afterAll(async () => {
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => smtp.reset());

/** Uploads `content` through the Asset API as `filename`; the next upload is a second later (newest-wins order). */
async function uploadTemplate(token: string, filename: string, content: string, contentType = 'text/plain') {
  const res = await uploadFile(
    t,
    token,
    `${content}{% comment %}${unique('v')}{% endcomment %}`,
    filename,
    contentType,
  );
  expect(res.status).toBe(201);
  clock.advance(1_000);
  return res.body as Json;
}

/** A definition on paid/<subject>, a receiver of `token` mailing through template `name`, one dispatched event. */
async function templatedEvent(token: string, name: string, receiver: Json = {}, order: Json = {}) {
  const subject = unique('order');
  const definition = await createDefinition(t, token, {
    eventMatcher: { fact: 'paid', subject },
    mainIdJsonPath: '$.involved.order.id',
    notificationPayload: {
      subject: 'Order {{ event.involved.order.id }} paid',
      content: 'Plain: {{ event.what.delta.amount }} EUR',
      type: 'ORDER_PAID',
    },
  });
  await createReceiver(t, token, {
    url: undefined,
    emails: 'ops@example.com',
    useEmailTemplate: true,
    emailTemplateName: name,
    notificationDefinitionIds: [definition.id],
    ...receiver,
  });
  const orderId = unique('o');
  await publish(t, token, {
    fact: 'paid',
    subject,
    what: { delta: { amount: 42 } },
    involved: { order: { id: orderId, ...order } },
  });
  await dispatchAll(t);
  return { definition, orderId };
}

async function deliver(): Promise<void> {
  const { worker, close } = workerFor(t, {}, { smtpUrl: smtp.url, dataDir });
  await worker.deliverDue();
  await close();
}

/** How many of the mails sent contain `text`. */
const mailsSaying = (text: string) => smtp.mails.filter((mail) => mail.data.includes(text)).length;
describe('named e-mail templates', () => {
  it("renders the receiver owner's template over the event and sends it, the subject from the payload", async () => {
    const tenant = await t.tenant();
    const name = `${unique('order-paid')}.txt`;
    await uploadTemplate(
      tenant.token,
      name,
      'Hello! Order {{ event.involved.order.id }} paid: {{ event.what.delta.amount | times: 2 }} half-euros.',
    );
    const { definition, orderId } = await templatedEvent(tenant.token, name);
    await deliver();
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.data).toContain(`Subject: Order ${orderId} paid`);
    expect(smtp.mails[0]!.data).toContain(`Hello! Order ${orderId} paid: 84 half-euros.`);
    expect(smtp.mails[0]!.data).not.toContain('Plain: 42 EUR');
    const [record] = await notificationsOf(t, tenant.token, definition.id);
    expect(record).toMatchObject({
      status: 'SUCCESS',
      mailSubject: `Order ${orderId} paid`,
      mailBody: `Hello! Order ${orderId} paid: 84 half-euros.`,
    });
  });

  it('sends an HTML template as the html part, with the payload content as the text alternative', async () => {
    const tenant = await t.tenant();
    const name = `${unique('order-paid')}.html`;
    await uploadTemplate(tenant.token, name, '<p>Order <b>{{ event.involved.order.id }}</b></p>', 'text/html');
    const { orderId } = await templatedEvent(tenant.token, name);
    await deliver();
    expect(smtp.mails).toHaveLength(1);
    const data = smtp.mails[0]!.data;
    expect(data).toContain('multipart/alternative');
    expect(data).toMatch(/Content-Type: text\/html/);
    expect(data).toContain(`<p>Order <b>${orderId}</b></p>`);
    expect(data).toMatch(/Content-Type: text\/plain/);
    expect(data).toContain('Plain: 42 EUR');
  });

  it('escapes every output of an HTML template (event data shows as text, not markup) unless it says raw; a text template stays plain', async () => {
    const tenant = await t.tenant();
    const html = `${unique('escaped')}.html`;
    await uploadTemplate(
      tenant.token,
      html,
      '<p>Dear {{ event.involved.order.buyer }}</p><div>{{ event.involved.order.signature | raw }}</div>',
      'text/html',
    );
    const htmlEvent = await templatedEvent(
      tenant.token,
      html,
      {},
      { buyer: 'Zoë <b>Bold</b> & "Co"', signature: '<i>trusted</i>' },
    );
    const text = `${unique('plain')}.txt`;
    await uploadTemplate(tenant.token, text, 'Dear {{ event.involved.order.buyer }}');
    const textEvent = await templatedEvent(tenant.token, text, {}, { buyer: 'Zoë <b>Bold</b>' });
    await deliver();
    expect(smtp.mails).toHaveLength(2);
    // The record keeps the body as sent (the mail itself is quoted-printable).
    const [htmlRecord] = await notificationsOf(t, tenant.token, htmlEvent.definition.id);
    expect(htmlRecord.mailBody).toBe(
      '<p>Dear Zoë &lt;b&gt;Bold&lt;/b&gt; &amp; &#34;Co&#34;</p><div><i>trusted</i></div>',
    );
    expect(smtp.mails.find((mail) => mail.data.includes('text/html'))!.data).not.toContain('<b>Bold</b>');
    const [textRecord] = await notificationsOf(t, tenant.token, textEvent.definition.id);
    expect(textRecord.mailBody).toBe('Dear Zoë <b>Bold</b>');
  });

  it("keeps the copy of a sent e-mail private: its link downloads with the owner's or the operator's token only", async () => {
    const owner = await t.tenant();
    const stranger = await t.tenant();
    const name = `${unique('copy')}.txt`;
    await uploadTemplate(owner.token, name, 'Personal: {{ event.involved.order.id }}');
    const { definition, orderId } = await templatedEvent(owner.token, name);
    await deliver();
    const [record] = await notificationsOf(t, owner.token, definition.id);
    const link = `/assets/${record.mailStorageId}/notification.eml`;
    const download = (token?: string) =>
      t.inject({ method: 'GET', url: link, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await download()).statusCode).toBe(404);
    expect((await download(stranger.token)).statusCode).toBe(404);
    expect((await download('not-a-token')).statusCode).toBe(404);
    const own = await download(owner.token);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(`Personal: ${orderId}`);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await download(operator)).statusCode).toBe(200);
  });

  it('picks the locale variant (full locale, then language) before the plain name', async () => {
    const tenant = await t.tenant();
    const base = unique('greeting');
    await uploadTemplate(tenant.token, `${base}.txt`, 'plain version');
    await uploadTemplate(tenant.token, `${base}.de.txt`, 'deutsche Version');
    await uploadTemplate(tenant.token, `${base}.fr-CH.txt`, 'version romande');
    await templatedEvent(tenant.token, `${base}.txt`, { locale: 'de-AT' });
    await templatedEvent(tenant.token, `${base}.txt`, { locale: 'fr-CH' });
    await templatedEvent(tenant.token, `${base}.txt`, { locale: 'it' });
    await deliver();
    expect(smtp.mails).toHaveLength(3);
    expect(mailsSaying('deutsche Version')).toBe(1);
    expect(mailsSaying('version romande')).toBe(1);
    expect(mailsSaying('plain version')).toBe(1);
  });

  it('uses the newest of several assets of the same name', async () => {
    const tenant = await t.tenant();
    const name = `${unique('receipt')}.txt`;
    await uploadTemplate(tenant.token, name, 'first upload');
    await uploadTemplate(tenant.token, name, 'second upload');
    await templatedEvent(tenant.token, name);
    await deliver();
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.data).toContain('second upload');
  });

  it('records a missing template as a failed try, and picks the template up once it is uploaded', async () => {
    const tenant = await t.tenant();
    const name = `${unique('later')}.txt`;
    const { definition } = await templatedEvent(tenant.token, name, { locale: 'de' });
    await deliver();
    let [record] = await notificationsOf(t, tenant.token, definition.id);
    expect(record.status).toBe('RETRYING');
    expect(record.errors[0].error).toBe(
      `e-mail template "${name}" not found: no asset named "${name.replace('.txt', '.de.txt')}", "${name}" owned by customer ${tenant.customerId} or the operator`,
    );
    expect(smtp.mails).toEqual([]);
    await uploadTemplate(tenant.token, name, 'now it exists');
    const retried = await t.request('POST', `/notifications/${record.id}/retry`, tenant.token);
    expect(retried.status).toBeLessThan(300);
    await deliver();
    [record] = await notificationsOf(t, tenant.token, definition.id);
    expect(record.status).toBe('SUCCESS');
    expect(smtp.mails[0]!.data).toContain('now it exists');
  });

  it("does not use another customer's asset of the same name", async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    const name = `${unique('private')}.txt`;
    await uploadTemplate(owner.token, name, 'owner only');
    const { definition } = await templatedEvent(other.token, name);
    await deliver();
    const [record] = await notificationsOf(t, other.token, definition.id);
    expect(record.status).toBe('RETRYING');
    expect(record.errors[0].error).toContain(`e-mail template "${name}" not found`);
    expect(smtp.mails).toEqual([]);
  });

  it("falls back to the operator's asset of that name when the customer has none, and prefers the customer's own", async () => {
    const tenant = await t.tenant();
    const shared = `${unique('shared')}.txt`;
    const own = `${unique('own')}.txt`;
    await uploadTemplate(operator, shared, 'operator default');
    await uploadTemplate(operator, own, 'operator version');
    await uploadTemplate(tenant.token, own, 'customer version');
    await templatedEvent(tenant.token, shared);
    await templatedEvent(tenant.token, own);
    await deliver();
    expect(mailsSaying('operator default')).toBe(1);
    expect(mailsSaying('customer version')).toBe(1);
    expect(mailsSaying('operator version')).toBe(0);
  });

  it('records a Liquid error of the template (no file system, strict filters) as a failed try', async () => {
    const tenant = await t.tenant();
    const broken = `${unique('broken')}.txt`;
    const include = `${unique('include')}.txt`;
    await uploadTemplate(tenant.token, broken, 'Total {{ event.what.delta.amount | no_such_filter }}');
    await uploadTemplate(tenant.token, include, '{% include "/etc/passwd" %}');
    const first = await templatedEvent(tenant.token, broken);
    const second = await templatedEvent(tenant.token, include);
    await deliver();
    const [filtered] = await notificationsOf(t, tenant.token, first.definition.id);
    const [included] = await notificationsOf(t, tenant.token, second.definition.id);
    expect(filtered.status).toBe('RETRYING');
    expect(filtered.errors[0].error).toMatch(
      new RegExp(`^e-mail template asset [0-9a-f]{64} \\("${broken}"\\) could not be rendered: .*no_such_filter`),
    );
    expect(included.status).toBe('RETRYING');
    expect(included.errors[0].error).toContain('could not be rendered');
    expect(smtp.mails).toEqual([]);
  });

  it('answers 400 when useEmailTemplate is set without an emailTemplateName', async () => {
    const res = await t.request('POST', '/notification-receivers', operator, {
      name: unique('r'),
      status: 'ACTIVE',
      emails: 'ops@example.com',
      useEmailTemplate: true,
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('emailTemplateName');
  });
});
