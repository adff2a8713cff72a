import type { FastifyBaseLogger } from 'fastify';
import { SYSTEM_PRINCIPAL } from '../../platform/auth/principal.js';
import { startBackgroundTask } from '../../platform/background-task.js';
import type { Database } from '../../platform/db/database.js';
import type { ServiceRegistry } from '../../platform/registry/service-registry.js';
import { lifecycleAction } from './subscription.lifecycle.js';
import { claimExpiredSubscriptions } from './subscription.repository.js';
import { subscriptionResource } from './subscription.resource.js';
import { statusChange } from './subscription-transitions.js';

/** How many subscriptions one transaction expires. */
const BATCH = 100;

/**
 * Moves every subscription whose `expirationDate` has passed (by the service's clock) to EXPIRED through the engine,
 * each with its `expired` event, one batch per transaction. Running it again, or on several instances at once,
 * expires each subscription once. Answers how many it expired.
 */
export async function expireDueSubscriptions(db: Database, services: ServiceRegistry): Promise<number> {
  const records = services.of(subscriptionResource);
  const expire = lifecycleAction('expire');
  let expired = 0;
  for (;;) {
    const now = records.now();
    const claimed = await db.transaction(async (tx) => {
      const ids = await claimExpiredSubscriptions(tx, subscriptionResource.table, now.getTime(), BATCH);
      for (const id of ids)
        await records.act(SYSTEM_PRINCIPAL, id, (doc) => statusChange(expire, doc, now), { tx, fact: expire.fact });
      return ids.length;
    });
    expired += claimed;
    if (claimed < BATCH) return expired;
  }
}

/** Runs the expiry every `everyMs` (`SUBSCRIPTION_EXPIRY_INTERVAL`) on this instance. */
export function startSubscriptionExpiry(
  db: Database,
  services: ServiceRegistry,
  log: FastifyBaseLogger,
  everyMs: number,
): () => void {
  return startBackgroundTask(
    { name: 'subscription expiry', everyMs, run: () => expireDueSubscriptions(db, services) },
    log,
  );
}
