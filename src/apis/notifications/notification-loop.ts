import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { startBackgroundTask } from '../../platform/background-task.js';
import type { DeliveryWorker } from './delivery-worker.js';
import { purgeDispatched } from './dispatch-store.js';
import { type DispatcherDeps, dispatchBatch } from './dispatcher.js';
import type { NotificationMetrics } from './notification-metrics.js';

/** Events read per dispatch transaction: short transactions, so writers and other dispatchers are never held long. */
export const DISPATCH_BATCH = 100;

export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/** Runs `work` until it reports nothing left, never twice at once (a slow round makes the next tick a no-op). */
function exclusive(work: () => Promise<boolean>): { run: () => Promise<void>; idle: () => Promise<void> } {
  let current: Promise<void> | undefined;
  const loop = async () => {
    while (await work());
  };
  return {
    run: async () => {
      if (current) return;
      current = loop().finally(() => {
        current = undefined;
      });
      await current;
    },
    idle: () => (current ?? Promise.resolve()).catch(() => undefined),
  };
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

export interface LoopDeps {
  dispatcher: DispatcherDeps;
  outboxRetentionDays: number;
  worker: DeliveryWorker;
  metrics: NotificationMetrics;
  pollMs: number;
  batchSize: number;
  log: FastifyBaseLogger;
}

/**
 * The dispatcher and the delivery worker of this process, polling every `pollMs`. The stop function ends the polling
 * and resolves once the round in progress has ended (its tries are recorded before the database closes).
 */
export function startNotificationLoop(deps: LoopDeps): () => Promise<void> {
  const dispatch = exclusive(async () => {
    const result = await dispatchBatch(deps.dispatcher, DISPATCH_BATCH);
    for (const lag of result.lags) deps.metrics.dispatchLag.observe(lag);
    return result.events === DISPATCH_BATCH;
  });
  const deliver = exclusive(async () => (await deps.worker.deliverDue()) === deps.batchSize);
  const stops = [
    startBackgroundTask({ name: 'notification dispatch', everyMs: deps.pollMs, run: dispatch.run }, deps.log),
    startBackgroundTask({ name: 'notification delivery', everyMs: deps.pollMs, run: deliver.run }, deps.log),
    startBackgroundTask(
      {
        name: 'outbox purge',
        everyMs: PURGE_EVERY_MS,
        run: () => purgeOutbox(deps.dispatcher, deps.outboxRetentionDays),
      },
      deps.log,
    ),
  ];
  return async () => {
    stops.forEach((stop) => stop());
    await Promise.all([dispatch.idle(), deliver.idle()]);
  };
}
