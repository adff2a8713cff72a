import {
  type ActivityEntry,
  amountCurrency,
  changesOf,
  formatAmount,
  formatInstant,
} from '../../ui/activity/activity-changes';
import type { SubscriptionStatus } from './subscription-machine';
import type { Subscription } from './subscription-queries';

export interface TimelineEntry {
  key: string;
  title: string;
  detail: string;
  /** Who made the change (a step the activity log keeps). */
  by?: string;
  /** The amounts the change carries, each in its currency (`mandate €12.50`). */
  amounts: string[];
  at: number;
  /** A date the subscription has not reached yet (next billing, expiry). */
  upcoming: boolean;
}

/** Each life cycle fact (subscription.lifecycle.ts), as the step's title. */
const PAST_TENSE: Record<string, string> = {
  suspended: 'Suspended',
  reactivated: 'Reactivated',
  cancelled: 'Cancelled',
  upgraded: 'Upgraded',
  prebilled: 'Pre-billed',
  expired: 'Expired',
  updated: 'Updated',
  deleted: 'Deleted',
};

type Lifecycle = { status?: SubscriptionStatus };
const statusIn = (fields: Record<string, unknown>) => (fields.lifecycle as Lifecycle | null | undefined)?.status;

/** The amounts an entry's change carries: a mandate or a price, in its currency, by the field's last name. */
function amountsOf(entry: ActivityEntry, currency: string | undefined): string[] {
  return changesOf(entry)
    .filter(
      (change) =>
        typeof change.after === 'number' &&
        (change.path.endsWith('mandateValue') || amountCurrency(change.path, currency) !== undefined),
    )
    .map((change) => {
      const label = change.path.endsWith('mandateValue') ? 'mandate' : change.path.split('.').at(-1);
      return `${label} ${formatAmount(change.after as number, amountCurrency(change.path, currency))}`;
    });
}

function termOf(model: Subscription['model'] | undefined): string {
  return model?.term ? `${model.term.value} ${model.term.unit.toLowerCase()}` : 'its model';
}

/** The status a subscription started in: its creation's, or (that entry no longer kept) its model's. */
function startStatus(subscription: Subscription, entry: ActivityEntry | undefined): SubscriptionStatus {
  const kept = entry && statusIn(entry.delta);
  return kept ?? ((subscription.model?.durationUntilTrialEnd ?? 0) > 0 ? 'TRIAL' : 'ACTIVE');
}

/** The creation step: from its activity entry when it is kept, else from the subscription's own dates. */
function creation(subscription: Subscription, entry: ActivityEntry | undefined): TimelineEntry {
  const model = (entry?.delta.model as Subscription['model']) ?? subscription.model;
  const status = startStatus(subscription, entry);
  return {
    key: 'created',
    title: 'Created',
    detail: `Started ${status}, ${model?.name ? `model ${model.name}, ` : ''}term of ${termOf(model)}`,
    by: entry?.actor.name,
    amounts: entry ? amountsOf(entry, subscription.currency) : [],
    at: entry ? Date.parse(entry.at) : (subscription.lifecycle?.creationDate ?? subscription.createDate),
    upcoming: false,
  };
}

/** A change after the creation: the status it left and reached, or the fields it changed. */
function change(entry: ActivityEntry, from: SubscriptionStatus, to: SubscriptionStatus, currency?: string) {
  const version = entry.delta.dbVersion;
  const what =
    entry.fact === 'updated'
      ? `Changed ${[...new Set(changesOf(entry).map((field) => field.path.split('.')[0]))].join(', ') || 'nothing'}`
      : entry.fact === 'prebilled'
        ? `The order of the next term was created · ${to}`
        : from === to
          ? `Stays ${to}`
          : `${from} → ${to}`;
  return {
    key: entry.id,
    title: PAST_TENSE[entry.fact] ?? entry.fact,
    detail: typeof version === 'number' ? `${what} · version ${version}` : what,
    by: entry.actor.name,
    amounts: amountsOf(entry, currency),
    at: Date.parse(entry.at),
    upcoming: false,
  };
}

/**
 * The life cycle as a timeline, oldest first: every step the activity log keeps of the subscription (`GET /activity`,
 * newest first: `activity` as it answers), each with who made it and the amounts it carries, then the dates still to
 * come. Steps older than the log's retention are left out, but for the creation, which the subscription dates itself.
 */
export function timelineOf(
  subscription: Subscription,
  activity: readonly ActivityEntry[],
  now = Date.now(),
): TimelineEntry[] {
  const lifecycle = subscription.lifecycle ?? {};
  const status = lifecycle.status ?? 'ACTIVE';
  const oldestFirst = [...activity].reverse();
  const created = oldestFirst.find((entry) => entry.fact === 'created');
  const entries: TimelineEntry[] = [creation(subscription, created)];
  let current = startStatus(subscription, created);
  for (const entry of oldestFirst) {
    if (entry === created) continue;
    const from = statusIn(entry.previous) ?? current;
    current = statusIn(entry.delta) ?? current;
    entries.push(change(entry, from, current, subscription.currency));
  }
  const future = (key: string, title: string, at: number | undefined, detail: string) => {
    if (at !== undefined && at > now) entries.push({ key, title, detail, at, amounts: [], upcoming: true });
  };
  if (status !== 'CANCELLED' && status !== 'EXPIRED')
    future('next-billing', 'Next billing', lifecycle.nextBillingDate, 'The next term starts');
  future(
    'expiration',
    'Expiration',
    lifecycle.expirationDate,
    'The current term ends; the subscription expires unless renewed',
  );
  return entries.sort((a, b) => a.at - b.at);
}

export function formatDate(epochMs: number | undefined): string {
  return epochMs === undefined ? '—' : formatInstant(epochMs);
}
