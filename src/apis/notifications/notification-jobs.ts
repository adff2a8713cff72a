import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobDefinition } from '../../platform/jobs/job.js';
import type { DeliveryWorker } from './delivery-worker.js';
import { purgeDispatched } from './dispatch.repository.js';
import { Dispatcher, type DispatcherDeps } from './dispatcher.js';
import type { NotificationMetrics } from './notification-metrics.js';

export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/** Dispatched events deleted per statement: short transactions on a table every write appends to. */
export const PURGE_BATCH = 1000;
/** How often the outbox purge runs. */
const PURGE_EVERY_MS = 10 * 60_000;

/**
 * Deletes events dispatched more than `retentionDays` ago (their notifications keep a copy of each), in batches until
 * none is left; answers how many. Without it the outbox, which every write appends to, grows for ever.
 */
export async function purgeOutbox(deps: DispatcherDeps, retentionDays: number): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - retentionDays * 86_400_000);
  let purged = 0;
  for (;;) {
    const deleted = await purgeDispatched(deps.db, before, PURGE_BATCH);
    purged += deleted;
    if (deleted < PURGE_BATCH) return purged;
  }
}

export interface NotificationJobDeps {
  dispatcher: DispatcherDeps;
  outboxRetentionDays: number;
  worker: DeliveryWorker;
  metrics: NotificationMetrics;
  pollMs: number;
}

/**
 * The dispatcher and the delivery worker, polling every `pollMs`, and the outbox purge. Stopping ends each after the
 * batch in hand: its claims and tries are recorded before the database closes.
 */
export function notificationJobs(deps: NotificationJobDeps): JobDefinition[] {
  const dispatcher = new Dispatcher({
    ...deps.dispatcher,
    onDispatched: (result) => {
      for (const lag of result.lags) deps.metrics.dispatchLag.observe(lag);
    },
  });
  return [
    {
      name: 'notification dispatch',
      does: 'matches outbox events to the notification definitions and writes a notification per receiver',
      everyMs: deps.pollMs,
      run: (signal) => dispatcher.drain(signal, deps.pollMs),
    },
    {
      name: 'notification delivery',
      does: 'claims due notifications with a lease and delivers them (web hooks, e-mails), retrying by NOTIFICATION_RETRY_SCHEDULE',
      everyMs: deps.pollMs,
      run: (signal) => deps.worker.drain(signal, deps.pollMs),
    },
    {
      name: 'outbox purge',
      does: 'deletes outbox events dispatched more than OUTBOX_RETENTION_DAYS ago',
      everyMs: PURGE_EVERY_MS,
      run: () => purgeOutbox(deps.dispatcher, deps.outboxRetentionDays),
    },
  ];
}
