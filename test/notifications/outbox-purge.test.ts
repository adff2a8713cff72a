import { describe, expect, it } from 'vitest';
import { PURGE_BATCH, purgeOutbox } from '../../src/apis/notifications/notification-jobs.js';
import { ManualClock } from '../../src/platform/clock.js';
import { useApp } from '../support/fixture.js';
import { OPERATOR_SECRET } from '../support/test-app.js';
import { dispatchAll, notificationsOf } from './notification-drivers.js';
import { createDefinition, createReceiver, publish, unique } from './notification-factories.js';

const DAY_MS = 86_400_000;
const clock = new ManualClock(Date.now());

const { t } = await useApp({ clock });

/** A token valid now (the clock moves days at a time; a token taken before would have expired). */
const freshOperator = async (): Promise<string> =>
  (await t.token({ realmName: 'operator', grantType: 'client_credentials', clientSecret: OPERATOR_SECRET }))
    .access_token as string;
const stored = async (ids: string[]) =>
  (await t.built.db.query<{ id: string }>('SELECT id FROM outbox WHERE id = ANY($1::text[])', [ids])).rows
    .map((row) => row.id)
    .sort();
const purge = () => purgeOutbox({ db: t.built.db, clock, schedule: t.config.notificationRetrySchedule }, 7);

describe('the outbox purge (OUTBOX_RETENTION_DAYS)', () => {
  it('deletes events dispatched more than the retention ago, keeps recent and undispatched ones, and their notifications', async () => {
    const subject = unique('order');
    let operator = await freshOperator();
    const definition = await createDefinition(t, operator, {
      eventMatcher: { fact: 'paid', subject },
      mainIdJsonPath: '$.involved.order.id',
    });
    await createReceiver(t, operator, { notificationDefinitionIds: [definition.id] });
    const event = (n: number) => ({
      fact: 'paid',
      subject,
      what: { delta: { status: 'PAID' } },
      involved: { order: { id: `o-${n}` } },
    });

    const old = [await publish(t, operator, event(1)), await publish(t, operator, event(2))];
    await dispatchAll(t);
    clock.advance(6 * DAY_MS);
    operator = await freshOperator();
    const recent = [await publish(t, operator, event(3))];
    await dispatchAll(t);
    clock.advance(2 * DAY_MS);
    operator = await freshOperator();
    const waiting = [await publish(t, operator, event(4))];

    await purge();
    expect(await stored([...old, ...recent, ...waiting])).toEqual([...recent, ...waiting].sort());
    // The notifications of purged events keep their copy of the event.
    const notified = (await notificationsOf(t, await freshOperator(), definition.id))
      .map((n) => n.processedEvent.id)
      .sort();
    expect(notified).toEqual([...old, ...recent].sort());

    // The event not yet dispatched is never purged, however old; once dispatched, it ages like the others.
    clock.advance(30 * DAY_MS);
    await purge();
    expect(await stored(waiting)).toEqual(waiting);
    await dispatchAll(t);
    clock.advance(8 * DAY_MS);
    await purge();
    expect(await stored([...recent, ...waiting])).toEqual([]);
  });

  it('deletes more than one batch in a run', async () => {
    const ids: string[] = [];
    const values = Array.from({ length: PURGE_BATCH + 5 }, (_, i) => {
      const id = unique(`purge-${i}`);
      ids.push(id);
      return id;
    });
    await t.built.db.query(
      `INSERT INTO outbox (id, fact, subject, event, occurred_at, processed_at)
       SELECT id, 'paid', 'bulk', jsonb_build_object('id', id), $2, $2 FROM unnest($1::text[]) AS id`,
      [values, new Date(clock.now().getTime() - 8 * DAY_MS).toISOString()],
    );
    expect(await purge()).toBeGreaterThanOrEqual(PURGE_BATCH + 5);
    expect(await stored(ids)).toEqual([]);
  });
});
