import { setTimeout as sleep } from 'node:timers/promises';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterEach, describe, expect, it } from 'vitest';
import { expireDueSubscriptions } from '../../../src/apis/subscriptions/subscription-expiry.js';
import { ManualClock } from '../../../src/platform/clock.js';
import { createDefinition, createReceiver, publish, unique } from '../../notifications/notification-factories.js';
import { createSubscription, type Json, tokenFor } from '../../subscriptions/subscription-factories.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * JOBS=off (and NOTIFICATION_WORKER=off, its deprecated name): the process serves the API and runs no job but the
 * revocation poll its token checks need. Subscription expiry used to keep running under NOTIFICATION_WORKER=off.
 * This file starts only such apps: the job counters of the process can then only show that poll.
 */
const HOUR = 3_600_000;
const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

interface Family {
  name: string;
  metrics: { value?: string; labels?: Record<string, string> }[];
}

async function jobLabels(t: TestApp, family: string): Promise<string[]> {
  const res = await t.inject({ method: 'GET', url: '/metrics' });
  const found = (parsePrometheusTextFormat(res.body) as Family[]).find((f) => f.name === family);
  return [...new Set((found?.metrics ?? []).map((metric) => metric.labels?.job ?? ''))].sort();
}

/** An app with every job due often, a subscription already past its expirationDate, and an event a definition matches. */
async function appWithDueWork(env: Record<string, string>) {
  const clock = new ManualClock('2026-06-01T00:00:00Z');
  const t = await startTestApp({ ...env, SUBSCRIPTION_EXPIRY_INTERVAL: '1', NOTIFICATION_POLL_MS: '10' }, { clock });
  apps.push(t);
  const bearer = tokenFor(t, await t.tenant());
  const subscription = await createSubscription(t, await bearer(), { model: { term: { unit: 'DAY', value: '1' } } });
  const operator = await t.operator();
  const subject = unique('order');
  const definition = await createDefinition(t, operator, {
    eventMatcher: { fact: 'paid', subject },
    mainIdJsonPath: '$.involved.order.id',
  });
  await createReceiver(t, operator, { notificationDefinitionIds: [definition.id] });
  await publish(t, operator, { fact: 'paid', subject, involved: { order: { id: 'o-1' } } });
  clock.advance(25 * HOUR);
  const status = async () =>
    ((await t.request<Json>('GET', `/subscriptions/${subscription.id}`, await bearer())).body as Json).lifecycle
      .status as string;
  const notifications = async () =>
    (
      await t.built.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE definition_id = $1', [
        definition.id,
      ])
    ).rows[0]!.n;
  return { t, status, notifications };
}

describe.each<Record<string, string>>([{ JOBS: 'off' }, { NOTIFICATION_WORKER: 'off' }])(
  'an API process with %o',
  (env) => {
    it('expires no subscription and dispatches no event, though both are due; only the revocation poll runs', async () => {
      const { t, status, notifications } = await appWithDueWork(env);
      // Three expiry intervals, hundreds of dispatch intervals.
      await sleep(3500);
      expect(await status()).toBe('ACTIVE');
      expect(await notifications()).toBe(0);
      expect(await jobLabels(t, 'job_enabled')).toEqual(['revoked-sessions poll']);
      expect(await jobLabels(t, 'job_runs_total')).toEqual(['revoked-sessions poll']);
      // The work was due: the same job, run by hand, does it.
      expect(await expireDueSubscriptions(t.built.db, t.built.services)).toBeGreaterThanOrEqual(1);
      expect(await status()).toBe('EXPIRED');
    }, 120_000);
  },
);
