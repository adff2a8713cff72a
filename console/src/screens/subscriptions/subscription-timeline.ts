import type { SubscriptionStatus } from './subscription-machine';
import type { Subscription } from './subscription-queries';

/** A change this page made, from the action's answer (the API keeps no history of a subscription: only its dates). */
export interface ObservedChange {
  action: string;
  from: SubscriptionStatus;
  to: SubscriptionStatus;
  at: number;
  version: number;
  orderId?: string;
}

export interface TimelineEntry {
  key: string;
  title: string;
  detail: string;
  at: number;
  /** A date the subscription has not reached yet (next billing, expiry). */
  upcoming: boolean;
}

const PAST_TENSE: Record<string, string> = {
  suspend: 'Suspended',
  reactivate: 'Reactivated',
  cancel: 'Cancelled',
  upgrade: 'Upgraded',
  prebill: 'Pre-billed',
};

/**
 * The life cycle as a timeline, oldest first: the creation, the pre-billing and the last change the subscription
 * records, the changes made here, and the dates still to come.
 */
export function timelineOf(
  subscription: Subscription,
  changes: readonly ObservedChange[],
  now = Date.now(),
): TimelineEntry[] {
  const lifecycle = subscription.lifecycle ?? {};
  const status = lifecycle.status ?? 'ACTIVE';
  const trial = (subscription.model?.durationUntilTrialEnd ?? 0) > 0;
  const term = subscription.model?.term
    ? `${subscription.model.term.value} ${subscription.model.term.unit.toLowerCase()}`
    : 'its model';
  const entries: TimelineEntry[] = [];
  const created = lifecycle.creationDate ?? subscription.createDate;
  entries.push({
    key: 'created',
    title: 'Created',
    detail: `Started ${trial ? 'TRIAL' : 'ACTIVE'}, ${subscription.model?.name ? `model ${subscription.model.name}, ` : ''}term of ${term}`,
    at: created,
    upcoming: false,
  });
  for (const change of changes) {
    const title = PAST_TENSE[change.action] ?? change.action;
    const detail =
      change.from === change.to
        ? `Stays ${change.to} · version ${change.version}`
        : `${change.from} → ${change.to} · version ${change.version}`;
    entries.push({ key: `change-${change.version}-${change.action}`, title, detail, at: change.at, upcoming: false });
  }
  if (lifecycle.prebillingDate !== undefined && !changes.some((change) => change.action === 'prebill')) {
    entries.push({
      key: 'prebilled',
      title: 'Pre-billed',
      detail: 'The order of the next term was created',
      at: lifecycle.prebillingDate,
      upcoming: false,
    });
  }
  const lastSeen = Math.max(0, ...changes.map((change) => change.version));
  if (
    subscription.dbVersion > lastSeen &&
    subscription.updateDate !== lifecycle.prebillingDate &&
    subscription.dbVersion > 0
  ) {
    const upgrades = lifecycle.generation
      ? ` · ${lifecycle.generation} upgrade${lifecycle.generation > 1 ? 's' : ''} so far`
      : '';
    entries.push({
      key: 'last-change',
      title: 'Last change',
      detail: `${status} since then · version ${subscription.dbVersion}${upgrades}`,
      at: subscription.updateDate,
      upcoming: false,
    });
  }
  const future = (key: string, title: string, at: number | undefined, detail: string) => {
    if (at !== undefined) entries.push({ key, title, detail, at, upcoming: at > now });
  };
  if (status !== 'CANCELLED' && status !== 'EXPIRED')
    future('next-billing', 'Next billing', lifecycle.nextBillingDate, 'The next term starts');
  future(
    'expiration',
    status === 'EXPIRED' ? 'Expired' : 'Expiration',
    lifecycle.expirationDate,
    status === 'EXPIRED' ? 'The term ended' : 'The current term ends; the subscription expires unless renewed',
  );
  return entries.sort((a, b) => a.at - b.at);
}

export function formatDate(epochMs: number | undefined): string {
  return epochMs === undefined
    ? '—'
    : new Date(epochMs).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
