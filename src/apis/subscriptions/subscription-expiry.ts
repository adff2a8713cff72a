import { SYSTEM_PRINCIPAL } from '../../platform/auth/principal.js';
import type { Database } from '../../platform/db/database.js';
import type { JobDefinition } from '../../platform/jobs/job.js';
import type { RecordStores } from '../../platform/resource/declare.js';
import { lifecycleAction } from './subscription.lifecycle.js';
import { claimExpiredSubscriptions } from './subscription.repository.js';
import { subscriptionResource } from './subscription.resource.js';
import { statusChange } from './subscription-transitions.js';

/** How many subscriptions one transaction expires. */
const BATCH = 100;

/**
 * Moves every subscription whose `expirationDate` has passed (by the service's clock) to EXPIRED through the engine,
 * each with its `expired` event, one batch per transaction. Running it again, or on several instances at once,
 * expires each subscription once. Answers how many it expired; once `signal` is aborted, it stops after the batch in hand.
 */
export async function expireDueSubscriptions(
  db: Database,
  services: RecordStores,
  signal?: AbortSignal,
): Promise<number> {
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
    if (claimed < BATCH || signal?.aborted) return expired;
  }
}

/** The expiry every `everyMs` (`SUBSCRIPTION_EXPIRY_INTERVAL`); processes running it share the work through the claims. */
export function subscriptionExpiryJob(db: Database, services: RecordStores, everyMs: number): JobDefinition {
  return {
    name: 'subscription expiry',
    does: 'moves subscriptions past their expirationDate to EXPIRED, each with its expired event',
    everyMs,
    run: (signal) => expireDueSubscriptions(db, services, signal),
  };
}
