import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Json, operationsOf } from '../safety/openapi-operations.js';
import { seedRecords } from '../safety/seed-records.js';
import { useApp } from '../support/fixture.js';
import { dispatchAll, notificationsOf, workerFor } from './notification-drivers.js';
import { createDefinition, createReceiver, unique } from './notification-factories.js';
import { WebhookReceiver } from './webhook-receiver.js';

// ajv-formats is CommonJS; under ESM its plugin sits on `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/**
 * The `webhooks` of GET /openapi.json are what receivers generate their types from: one per event the platform
 * emits, each admitting the bodies really sent.
 */

let doc: Json;
let ajv: Ajv;
const DOC_ID = 'https://commerce-platform.test/openapi.json';

const { t } = await useApp({ env: { OUTBOUND_ALLOWLIST: '127.0.0.1' } });
beforeAll(async () => {
  doc = (await t.request('GET', '/openapi.json', undefined)).body as Json;
  ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
  ajv.addSchema({ $id: DOC_ID, components: doc.components, webhooks: doc.webhooks });
});

/** The schema of the body of web hook `name`, compiled against the document's components. */
function bodyValidator(name: string) {
  const pointer = `#/webhooks/${name.replace(/~/g, '~0').replace(/\//g, '~1')}/post/requestBody/content/application~1json/schema`;
  const validate = ajv.getSchema(`${DOC_ID}${pointer}`);
  if (!validate) throw new Error(`the document has no web hook ${name}`);
  return validate;
}

function problems(name: string, body: unknown): string {
  const validate = bodyValidator(name);
  return validate(body) ? '' : ajv.errorsText(validate.errors);
}

describe('the OpenAPI webhooks', () => {
  it('describe one web hook per declared event, typing the record it carries, and one for outside events', () => {
    const events = t.built.services.events();
    expect(events.length).toBeGreaterThan(30);
    for (const { subject, fact, record } of events) {
      const hook = doc.webhooks[`${subject}.${fact}`]?.post;
      expect(hook, `${subject}.${fact}`).toBeDefined();
      expect(JSON.stringify(hook.requestBody)).toContain(`"#/components/schemas/${record}"`);
      expect(hook.parameters.filter((p: Json) => p.required).map((p: Json) => p.name)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
    }
    expect(Object.keys(doc.webhooks)).toContain('outside-event');
  });

  it('admit every event the API writes: records made through every creating operation, then replaced through their PUT', async () => {
    const operator = await t.operator();
    const operations = operationsOf(doc);
    const records = await seedRecords(t, doc, operations, operator);
    for (const [path, record] of records) {
      if (
        !operations.some(
          (op) =>
            op.method === 'PUT' &&
            op.path.startsWith(`${path}/{`) &&
            op.path.split('/').length === path.split('/').length + 1,
        )
      )
        continue;
      await t.request('PUT', `${path}/${encodeURIComponent(String(record.id))}`, operator, record);
    }
    const { rows } = await t.built.db.query<{ event: Json }>('SELECT event FROM outbox ORDER BY occurred_at, id');
    const seen = new Set<string>();
    for (const { event } of rows) {
      const name = `${event.subject}.${event.fact}`;
      seen.add(name);
      expect(problems(name, { notificationId: 'n-1', event, payload: {} }), name).toBe('');
    }
    // Created and updated events of most kinds, assets included.
    expect(seen.size).toBeGreaterThan(15);
    expect(seen).toContain('asset.created');
    expect(seen).toContain('terms.updated');
  });

  it('describe what a receiver gets: the documented headers, a body its web hook admits, a signature its secret verifies', async () => {
    const operator = await t.operator();
    const hooks = await WebhookReceiver.start();
    // Events written before (other tests' records) are matched before the definition exists.
    await dispatchAll(t);
    try {
      const definition = await createDefinition(t, operator, {
        eventMatcher: { fact: 'created', subject: 'terms' },
        mainIdJsonPath: '$.involved.terms.id',
        notificationPayload: { subject: 'Terms {{ event.involved.terms.id }}', type: 'TERMS_CREATED' },
      });
      const receiver = await createReceiver(t, operator, {
        url: hooks.url,
        notificationDefinitionIds: [definition.id],
      });
      const terms = await t.request('POST', '/terms', operator, {
        startDate: '2026-01-01T00:00:00Z',
        template: unique('webhook terms'),
        model: 'MOR',
      });
      await dispatchAll(t);
      const { worker, close } = workerFor(t);
      await worker.deliverDue();
      await close();
      const [notification] = await notificationsOf(t, operator, definition.id);
      const received = hooks.received.find((hook) => hook.headers['webhook-id'] === notification!.id)!;
      expect(received).toBeDefined();
      const documented = doc.webhooks['terms.created'].post.parameters
        .filter((p: Json) => p.required)
        .map((p: Json) => p.name);
      for (const header of documented) expect(received.headers[header], header).toEqual(expect.any(String));
      const body = JSON.parse(received.body);
      expect(problems('terms.created', body)).toBe('');
      expect(body.event.involved.terms).toMatchObject({ id: (terms.body as Json).id });
      const verified = new Webhook(receiver.signingSecret).verify(
        received.body,
        received.headers as Record<string, string>,
      );
      expect(verified).toEqual(body);
      // A body of another event is not admitted: the web hooks are typed, not free objects.
      expect(problems('subscription.cancelled', body)).not.toBe('');
    } finally {
      await hooks.close();
    }
  });
});
