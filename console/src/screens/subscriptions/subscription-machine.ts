// The life cycle is declared once, in the service (it also writes the action routes, their refusals and the docs'
// diagram); the console reads the same table, so a button is shown exactly when the service would accept its action.
import {
  LIFECYCLE_ACTIONS,
  type LifecycleActionName,
  SUBSCRIPTION_STATUSES,
  transitionOf,
} from '../../../../src/apis/subscriptions/subscription.lifecycle';
import type { Schemas } from '../../api/client';

export type SubscriptionStatus = NonNullable<Schemas['SubscriptionLifecycle']['status']>;
export type RoutedAction = Exclude<LifecycleActionName, 'expire'>;

export const STATUSES: readonly SubscriptionStatus[] = SUBSCRIPTION_STATUSES;

/** The actions a person can run from the console (the expiry job is the service's own). */
export const ROUTED_ACTIONS = LIFECYCLE_ACTIONS.filter((action) => action.route !== false).map(
  (action) => action.name as RoutedAction,
);

/** What each action is called on its button, and whether it takes something away from the end user (then: confirm first). */
export const ACTION_LABELS: Record<RoutedAction, { label: string; destructive: boolean; confirm?: string }> = {
  suspend: {
    label: 'Suspend',
    destructive: true,
    confirm: 'The end user loses the service until the subscription is reactivated.',
  },
  reactivate: { label: 'Reactivate', destructive: false },
  cancel: {
    label: 'Cancel subscription',
    destructive: true,
    confirm: 'The subscription stops renewing. It can be reactivated until its expiration date.',
  },
  upgrade: { label: 'Upgrade', destructive: false },
  prebill: { label: 'Pre-bill next term', destructive: false },
};

type Lifecycle = Schemas['SubscriptionLifecycle'] | undefined;

/** The routed actions the machine allows from the subscription's status now (guards included: reactivating a cancelled one before it expires). */
export function allowedActions(lifecycle: Lifecycle, now = Date.now()): RoutedAction[] {
  const status = lifecycle?.status ?? 'ACTIVE';
  return ROUTED_ACTIONS.filter((name) => {
    const action = LIFECYCLE_ACTIONS.find((candidate) => candidate.name === name);
    return (
      action !== undefined &&
      transitionOf(action, status, { expirationDate: lifecycle?.expirationDate, now }) !== undefined
    );
  });
}

export const STATUS_COLOURS: Record<SubscriptionStatus, string> = {
  TRIAL: 'cyan',
  ACTIVE: 'green',
  SUSPENDED: 'orange',
  CANCELLED: 'red',
  EXPIRED: 'gray',
};
