import type { RegisteredRouter } from '@tanstack/react-router';
import { isOperator, type Principal } from '../auth/principal';

/** A path of the console's routes: a section that names a screen not built fails the type check. */
export type ConsolePath = keyof RegisteredRouter['routesByPath'];

/** The console's sections: each shown only to a principal whose scopes let it read what the section shows. */
export interface Section {
  label: string;
  to: ConsolePath;
  /** The scope its list needs. */
  scope: string;
  operatorOnly?: boolean;
  group: string;
}

/** The sections by group, in the navigation's order. */
const GROUPS: Record<string, Omit<Section, 'group'>[]> = {
  Store: [
    { label: 'Overview', to: '/', scope: '' },
    // Any token reads the activity of the kinds it may read (an empty page when none): no one scope opens it.
    { label: 'Activity', to: '/activity', scope: '' },
    { label: 'Customers', to: '/customers', scope: 'customers:read', operatorOnly: true },
  ],
  Catalogue: [
    { label: 'Products', to: '/products', scope: 'catalog:read' },
    { label: 'Price functions', to: '/price-functions', scope: 'catalog:read' },
    { label: 'Sale records', to: '/product-sale-records', scope: 'catalog:read' },
  ],
  Sales: [
    { label: 'Subscriptions', to: '/subscriptions', scope: 'subscriptions:read' },
    { label: 'Subscription models', to: '/subscription-models', scope: 'subscriptions:read' },
    { label: 'Recommendation rules', to: '/recommendation-rules', scope: 'recommendations:read' },
    { label: 'Try a cart', to: '/recommendations/try', scope: 'recommendations:read' },
  ],
  Notifications: [
    { label: 'Definitions', to: '/notification-definitions', scope: 'notifications:read' },
    { label: 'Receivers', to: '/notification-receivers', scope: 'notifications:read' },
    { label: 'Delivery log', to: '/notifications', scope: 'notifications:read' },
  ],
  Content: [
    { label: 'Assets', to: '/assets', scope: 'assets:write' },
    { label: 'Terms templates', to: '/terms', scope: 'terms:read' },
    { label: 'Company terms', to: '/company-terms', scope: 'terms:read' },
  ],
};

export const SECTIONS: Section[] = Object.entries(GROUPS).flatMap(([group, sections]) =>
  sections.map((section) => ({ ...section, group })),
);

/** The section of a path: who may open it, and what the navigation calls it. */
export function sectionOf(to: ConsolePath): Section {
  const section = SECTIONS.find((candidate) => candidate.to === to);
  if (!section) throw new Error(`No section of the console is at ${to}`);
  return section;
}

/** The sections this principal may open: the navigation's and the palette's. */
export const visibleSections = (principal: Principal | undefined) =>
  SECTIONS.filter(
    (section) =>
      (!section.scope || principal?.scopes.has(section.scope)) && (!section.operatorOnly || isOperator(principal)),
  );
