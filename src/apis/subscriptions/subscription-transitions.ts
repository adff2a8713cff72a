import type { RecordOf } from '../../platform/resource/declare.js';
import { type LifecycleAction, nextStatus, type SubscriptionStatus } from './subscription.lifecycle.js';
import type { SubscriptionSchema } from './subscription.schema.js';
import { withStatus } from './subscription-dates.js';

export type SubscriptionRecord = RecordOf<typeof SubscriptionSchema>;

/** The status the machine leads `subscription` to by `action` now, or the 400 naming its current status. */
export function transitionTo(action: LifecycleAction, subscription: SubscriptionRecord, now: Date): SubscriptionStatus {
  const status = (subscription.lifecycle?.status ?? 'ACTIVE') as SubscriptionStatus;
  return nextStatus(action, String(subscription.id), status, {
    expirationDate: subscription.lifecycle?.expirationDate,
    now: now.getTime(),
  });
}

/** The subscription moved to its next status by `action` (cancel, suspend, reactivate, expire). */
export function statusChange(action: LifecycleAction, subscription: SubscriptionRecord, now: Date): SubscriptionRecord {
  const status = transitionTo(action, subscription, now);
  return { ...subscription, lifecycle: withStatus(subscription.lifecycle ?? {}, status, now.getTime()) };
}
