import { type ConsolePath, sectionOf } from '../../layout/navigation';
import { countListing, type ListingPath } from '../../ui/list-page/listing';

/** One figure of the overview: what it counts, the scope reading it needs, how to count it. */
export interface Figure {
  label: string;
  scope: string;
  operatorOnly?: boolean;
  /** Where the figure's list is, in the console (none yet for some). */
  to?: ConsolePath;
  /** Something that needs attention when above zero (failing deliveries). */
  alarming?: boolean;
  count: () => Promise<number>;
}

/** A figure counting a section's records: the section's path in the console is its listing's in the API. */
function countOf(to: ConsolePath & ListingPath, label?: string): Figure {
  const { scope, operatorOnly, ...section } = sectionOf(to);
  return { label: label ?? section.label, scope, operatorOnly, to, count: () => countListing(to) };
}

export const FIGURES: Figure[] = [
  countOf('/customers'),
  countOf('/products'),
  countOf('/price-functions'),
  countOf('/subscriptions'),
  countOf('/recommendation-rules'),
  countOf('/notification-definitions', 'Notification definitions'),
  countOf('/terms', 'Terms'),
  {
    label: 'Deliveries failing now',
    scope: 'notifications:read',
    alarming: true,
    to: '/notifications',
    count: async () => {
      const counts = await Promise.all(
        ['RETRYING', 'FAILED'].map((status) => countListing('/notifications', { status })),
      );
      return counts.reduce((sum, count) => sum + count, 0);
    },
  },
];

/** The outbox backlog, from the public metrics (the operator's overview): events written and not yet dispatched. */
export async function outboxBacklog(): Promise<number | undefined> {
  const response = await fetch('/metrics');
  if (!response.ok) return undefined;
  const line = (await response.text()).split('\n').find((text) => text.startsWith('notification_outbox_backlog '));
  return line ? Number(line.split(' ')[1]) : undefined;
}
