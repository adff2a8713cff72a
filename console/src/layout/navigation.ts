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

export const SECTIONS: Section[] = [
  { group: 'Store', label: 'Overview', to: '/', scope: '' },
  // Any token reads the activity of the kinds it may read (an empty page when none): no one scope opens it.
  { group: 'Store', label: 'Activity', to: '/activity', scope: '' },
  { group: 'Store', label: 'Customers', to: '/customers', scope: 'customers:read', operatorOnly: true },
  { group: 'Catalogue', label: 'Products', to: '/products', scope: 'catalog:read' },
  { group: 'Catalogue', label: 'Price functions', to: '/price-functions', scope: 'catalog:read' },
  { group: 'Catalogue', label: 'Sale records', to: '/product-sale-records', scope: 'catalog:read' },
  { group: 'Sales', label: 'Subscriptions', to: '/subscriptions', scope: 'subscriptions:read' },
  { group: 'Sales', label: 'Subscription models', to: '/subscription-models', scope: 'subscriptions:read' },
  { group: 'Sales', label: 'Recommendation rules', to: '/recommendation-rules', scope: 'recommendations:read' },
  { group: 'Sales', label: 'Try a cart', to: '/recommendations/try', scope: 'recommendations:read' },
  { group: 'Notifications', label: 'Definitions', to: '/notification-definitions', scope: 'notifications:read' },
  { group: 'Notifications', label: 'Receivers', to: '/notification-receivers', scope: 'notifications:read' },
  { group: 'Notifications', label: 'Delivery log', to: '/notifications', scope: 'notifications:read' },
  { group: 'Content', label: 'Assets', to: '/assets', scope: 'assets:write' },
  { group: 'Content', label: 'Terms templates', to: '/terms', scope: 'terms:read' },
  { group: 'Content', label: 'Company terms', to: '/company-terms', scope: 'terms:read' },
];

/** The sections this principal may open: the navigation's and the palette's. */
export const visibleSections = (principal: Principal | undefined) =>
  SECTIONS.filter(
    (section) =>
      (!section.scope || principal?.scopes.has(section.scope)) && (!section.operatorOnly || isOperator(principal)),
  );
