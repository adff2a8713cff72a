import { ConflictError } from '../../platform/errors/domain-errors.js';
import type { LifeCycleDoc } from '../life-cycle-doc.js';

/**
 * The delivery statuses of a notification, declared once. The dispatcher's first status, the status a try leads to
 * (the CASE of notification.repository.ts `recordTries`), the delivery queue's condition, the retry action, the
 * metrics, the life cycle in docs/notifications.md and the console's delivery log all read this table.
 */
export const NOTIFICATION_STATUSES = ['PENDING', 'RETRYING', 'SUCCESS', 'FAILED'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** What the dispatcher writes: not tried yet. */
export const FIRST_STATUS: NotificationStatus = 'PENDING';

/** How a try ended, as the delivery statement tells it apart. */
export type TryOutcome = 'delivered' | 'given up' | 'to retry';

export interface DeliveryTransition {
  from: readonly NotificationStatus[];
  to: NotificationStatus;
  /** A try of a delivery worker, or `POST /notifications/{id}/retry`. */
  by: 'try' | 'retry';
  /** For a try: the outcome that leads here. */
  outcome?: TryOutcome;
  /** For a retry: the record gets one more try (its allowed tries + 1); otherwise it keeps its tries. */
  addsTry?: boolean;
  when: string;
}

export const DELIVERY_TRANSITIONS = [
  {
    by: 'try',
    outcome: 'delivered',
    from: ['PENDING', 'RETRYING'],
    to: 'SUCCESS',
    when: 'the receiver accepted the try (a 2xx answer, the mail server took the mail)',
  },
  {
    by: 'try',
    outcome: 'given up',
    from: ['PENDING', 'RETRYING'],
    to: 'FAILED',
    when: 'the try failed and no try is left, or none could help (410 Gone; the receiver or definition is gone or not ACTIVE)',
  },
  {
    by: 'try',
    outcome: 'to retry',
    from: ['PENDING', 'RETRYING'],
    to: 'RETRYING',
    when: "the try failed and tries are left: due again after the schedule's delay (or a longer Retry-After)",
  },
  {
    by: 'retry',
    from: ['SUCCESS', 'FAILED'],
    to: 'RETRYING',
    addsTry: true,
    when: '`POST /notifications/{id}/retry`: one more try, due now',
  },
  { by: 'retry', from: ['PENDING'], to: 'PENDING', when: '`POST /notifications/{id}/retry`: due now, its tries kept' },
  {
    by: 'retry',
    from: ['RETRYING'],
    to: 'RETRYING',
    when: '`POST /notifications/{id}/retry`: due now, its tries kept',
  },
] as const satisfies readonly DeliveryTransition[];

const TRANSITIONS: readonly DeliveryTransition[] = DELIVERY_TRANSITIONS;

/** Statuses a delivery worker still tries (the delivery queue's condition and its index, migration 0017). */
export const WAITING_STATUSES = NOTIFICATION_STATUSES.filter((status) =>
  TRANSITIONS.some((transition) => transition.by === 'try' && transition.from.includes(status)),
);

/** The status a try with this outcome leads to. */
export function statusAfterTry(outcome: TryOutcome): NotificationStatus {
  return TRANSITIONS.find((transition) => transition.by === 'try' && transition.outcome === outcome)!.to;
}

/** What the retry action does from `status`; a status the table gives no retry is a 409 naming it. */
export function retryFrom(id: string, status: NotificationStatus): { to: NotificationStatus; addsTry: boolean } {
  const transition = TRANSITIONS.find((candidate) => candidate.by === 'retry' && candidate.from.includes(status));
  if (!transition)
    throw new ConflictError(`notification ${id} is ${status}; it cannot be retried`, {
      resourceId: id,
      resourceType: 'notification',
    });
  return { to: transition.to, addsTry: transition.addsTry === true };
}

/** The life cycle as docs/notifications.md shows it. */
export const NOTIFICATION_LIFE_CYCLE: LifeCycleDoc = {
  id: 'notification-life-cycle',
  file: 'docs/notifications.md',
  statuses: NOTIFICATION_STATUSES,
  initial: [{ to: FIRST_STATUS, label: 'dispatched (an event matched a definition and a receiver)' }],
  transitions: TRANSITIONS.map((transition) => ({
    from: transition.from,
    to: transition.to,
    by: transition.by === 'try' ? `try (${transition.outcome})` : 'retry',
    when: transition.when,
  })),
};
