import { InvalidStateError } from '../../platform/errors/domain-errors.js';

/**
 * The life cycle of a subscription (docs/product-decisions.md §7), declared once. The action routes, their OpenAPI descriptions, the
 * 400 of a refused transition, the expiry job and the diagram in docs/subscriptions.md all come from this table.
 */
export const SUBSCRIPTION_STATUSES = ['TRIAL', 'ACTIVE', 'SUSPENDED', 'CANCELLED', 'EXPIRED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** What a guard reads of the subscription. */
export interface GuardInput {
  expirationDate?: number;
  now: number;
}

export interface Guard {
  /** Shown in the diagram and the descriptions: `before expirationDate`. */
  label: string;
  holds(input: GuardInput): boolean;
}

export interface Transition {
  from: readonly SubscriptionStatus[];
  to: SubscriptionStatus;
  guard?: Guard;
}

export interface LifecycleAction {
  /** The action's path below the subscription, and its name in messages. */
  name: string;
  /** The event fact of the change. */
  fact: string;
  /** Served at `POST /subscriptions/{subscriptionId}/{name}`; false: run by the service itself (expiry). */
  route: { operationId: string; summary: string } | false;
  transitions: readonly Transition[];
}

const beforeExpiration: Guard = {
  label: 'before expirationDate',
  holds: ({ expirationDate, now }) => expirationDate === undefined || now < expirationDate,
};

const expirationPassed: Guard = {
  label: 'expirationDate passed',
  holds: ({ expirationDate, now }) => expirationDate !== undefined && now >= expirationDate,
};

/** How a subscription starts: TRIAL when its model has a trial (`durationUntilTrialEnd > 0`), else ACTIVE. */
export const INITIAL_STATES: readonly { to: SubscriptionStatus; label: string }[] = [
  { to: 'TRIAL', label: 'create (model with a trial)' },
  { to: 'ACTIVE', label: 'create' },
];

export const LIFECYCLE_ACTIONS = [
  {
    name: 'cancel',
    fact: 'cancelled',
    route: { operationId: 'cancelSubscription', summary: 'Cancel a subscription' },
    transitions: [{ from: ['TRIAL', 'ACTIVE', 'SUSPENDED'], to: 'CANCELLED' }],
  },
  {
    name: 'suspend',
    fact: 'suspended',
    route: { operationId: 'suspendSubscription', summary: 'Suspend a subscription' },
    transitions: [{ from: ['TRIAL', 'ACTIVE'], to: 'SUSPENDED' }],
  },
  {
    name: 'reactivate',
    fact: 'reactivated',
    route: { operationId: 'reactivateSubscription', summary: 'Reactivate a subscription' },
    transitions: [
      { from: ['SUSPENDED'], to: 'ACTIVE' },
      { from: ['CANCELLED'], to: 'ACTIVE', guard: beforeExpiration },
    ],
  },
  {
    name: 'upgrade',
    fact: 'upgraded',
    route: { operationId: 'upgradeSubscription', summary: 'Upgrade a subscription' },
    transitions: [{ from: ['TRIAL', 'ACTIVE'], to: 'ACTIVE' }],
  },
  {
    name: 'prebill',
    fact: 'prebilled',
    route: { operationId: 'prebillSubscription', summary: 'Pre-bill a subscription' },
    transitions: [{ from: ['ACTIVE'], to: 'ACTIVE' }],
  },
  {
    name: 'expire',
    fact: 'expired',
    route: false,
    transitions: [{ from: ['TRIAL', 'ACTIVE', 'SUSPENDED', 'CANCELLED'], to: 'EXPIRED', guard: expirationPassed }],
  },
] as const satisfies readonly LifecycleAction[];

export type LifecycleActionName = (typeof LIFECYCLE_ACTIONS)[number]['name'];

export function lifecycleAction(name: LifecycleActionName): LifecycleAction {
  return LIFECYCLE_ACTIONS.find((action) => action.name === name)!;
}

/** The transition `action` takes from `status` under `input`, or undefined when the machine refuses it. */
export function transitionOf(
  action: LifecycleAction,
  status: SubscriptionStatus,
  input: GuardInput,
): Transition | undefined {
  return action.transitions.find(
    (transition) => transition.from.includes(status) && (!transition.guard || transition.guard.holds(input)),
  );
}

function describeTransition(transition: Transition): string {
  return `${transition.from.join(', ')}${transition.guard ? ` (${transition.guard.label})` : ''}`;
}

/** Where `action` is allowed, in words: `SUSPENDED, or CANCELLED (before expirationDate)`. */
export function allowedFrom(action: LifecycleAction): string {
  return action.transitions.map(describeTransition).join(', or ');
}

/**
 * The status `action` leads `subscription` to; a refused transition is a 400 naming the current status (and the
 * guard, when the status was right but the guard was not).
 */
export function nextStatus(
  action: LifecycleAction,
  id: string,
  status: SubscriptionStatus,
  input: GuardInput,
): SubscriptionStatus {
  const transition = transitionOf(action, status, input);
  if (transition) return transition.to;
  const guarded = action.transitions.find((candidate) => candidate.from.includes(status));
  const why = guarded?.guard ? ` and not ${guarded.guard.label}` : '';
  throw new InvalidStateError(
    `subscription ${id} is ${status}${why}; ${action.name} is allowed from ${allowedFrom(action)}`,
    {
      resourceId: id,
      resourceType: 'subscription',
      specific: { status, action: action.name },
    },
  );
}

/** The OpenAPI description of an action route, from the table. */
export function actionDescription(action: LifecycleAction): string {
  const to = [...new Set(action.transitions.map((transition) => transition.to))].join(' or ');
  if (action.route === false)
    return `Applies to ${allowedFrom(action)}; leads to ${to} and emits the \`${action.fact}\` event. Run by the service, not a route.`;
  return `Allowed from ${allowedFrom(action)}; leads to ${to} and emits the \`${action.fact}\` event. From any other status: 400 naming the current status, nothing changed.`;
}
