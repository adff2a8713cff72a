import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import type { ConsolePath } from '../../layout/navigation';

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

const total = (answer: { totalItems: number }) => answer.totalItems;

export const FIGURES: Figure[] = [
  {
    label: 'Customers',
    scope: 'customers:read',
    operatorOnly: true,
    to: '/customers',
    count: async () => total(unwrap(await api.GET('/customers', { params: { query: { size: 1 } } }))),
  },
  {
    label: 'Products',
    scope: 'catalog:read',
    to: '/products',
    count: async () => total(unwrap(await api.GET('/products', { params: { query: { size: 1 } } }))),
  },
  {
    label: 'Price functions',
    scope: 'catalog:read',
    to: '/price-functions',
    count: async () => total(unwrap(await api.GET('/price-functions', { params: { query: { size: 1 } } }))),
  },
  {
    label: 'Subscriptions',
    scope: 'subscriptions:read',
    to: '/subscriptions',
    count: async () => total(unwrap(await api.GET('/subscriptions', { params: { query: { size: 1 } } }))),
  },
  {
    label: 'Recommendation rules',
    scope: 'recommendations:read',
    to: '/recommendation-rules',
    count: async () => total(unwrap(await api.GET('/recommendation-rules', { params: { query: { size: 1 } } }))),
  },
  {
    label: 'Notification definitions',
    scope: 'notifications:read',
    to: '/notification-definitions',
    count: async () => total(unwrap(await api.GET('/notification-definitions', { params: { query: { size: 1 } } }))),
  },
  {
    label: 'Terms',
    scope: 'terms:read',
    to: '/terms',
    count: async () => total(unwrap(await api.GET('/terms', { params: { query: { size: 1 } } }))),
  },
  {
    label: 'Deliveries failing now',
    scope: 'notifications:read',
    alarming: true,
    to: '/notifications',
    count: async () => {
      const [retrying, failed] = await Promise.all(
        ['RETRYING', 'FAILED'].map(async (status) =>
          total(unwrap(await api.GET('/notifications', { params: { query: { size: 1, status } } }))),
        ),
      );
      return (retrying ?? 0) + (failed ?? 0);
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
