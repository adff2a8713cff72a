import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouteComponent,
  redirect,
} from '@tanstack/react-router';
import { useEffect } from 'react';
import { currentSession } from './auth/session-store';
import { refreshSession } from './auth/sign-in-flow';
import { AppLayout } from './layout/AppLayout';
import { ACTIVITY_FILTERS } from './screens/activity/activity-query';
import { PRODUCT_LIST_SEARCH } from './screens/products/product-filters';
import { PRODUCT_LIST } from './screens/products/product-queries';
import { productPageSearch } from './screens/products/product-tabs';
import { CallbackPage } from './screens/sign-in/CallbackPage';
import { SignInPage } from './screens/sign-in/SignInPage';
import { SUBSCRIPTION_FILTERS } from './screens/subscriptions/subscription-list-query';
import { prefetchList } from './ui/list-page/list-query';
import { listSearch } from './ui/list-search';

export interface RouterContext {
  queryClient: QueryClient;
}

const root = createRootRouteWithContext<RouterContext>()({ component: Outlet });

const signIn = createRoute({
  getParentRoute: () => root,
  path: 'sign-in',
  validateSearch: (raw: Record<string, unknown>): { returnTo?: string; error?: string } => ({
    ...(typeof raw.returnTo === 'string' && raw.returnTo.startsWith('/') ? { returnTo: raw.returnTo } : {}),
    ...(typeof raw.error === 'string' ? { error: raw.error } : {}),
  }),
  component: function SignIn() {
    const search = signIn.useSearch();
    return <SignInPage returnTo={search.returnTo} error={search.error} />;
  },
});

const callback = createRoute({ getParentRoute: () => root, path: 'callback', component: CallbackPage });

/** Every other screen needs a session: the one in memory, or one refreshed from this tab's refresh token. */
const app = createRoute({
  getParentRoute: () => root,
  id: 'app',
  beforeLoad: async ({ location }) => {
    if (currentSession() ?? (await refreshSession())) return;
    throw redirect({ to: '/sign-in', search: { returnTo: location.href.replace(/^\/console/, '') || '/' } });
  },
  component: function SignedIn() {
    // The sections' code loads while the browser has nothing else to do: the first visit of one waits for its data only.
    useEffect(() => whenIdle(preloadSections), []);
    return <AppLayout />;
  },
});

/** The screens a section of the navigation opens (no record in their path), whose code is loaded ahead. */
const sections: RouteComponent[] = [];

function preloadSections(): void {
  for (const component of sections) void component.preload?.();
}

/** Runs `work` when the browser is idle (or soon, where it cannot say). */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, 200);
  return () => window.clearTimeout(timer);
}

/**
 * A screen of the signed-in console: its path, its page (loaded when first opened) and, for a list or a tabbed page,
 * what its URL's search may say.
 */
const screen = <const Path extends string, Search extends object = object>(
  path: Path,
  component: RouteComponent,
  validateSearch?: (raw: Record<string, unknown>) => Search,
  prefetch?: (queryClient: QueryClient, search: Search) => void,
) => {
  if (!path.includes('$')) sections.push(component);
  return createRoute({
    getParentRoute: () => app,
    path,
    component,
    validateSearch,
    loaderDeps: ({ search }) => search as Search,
    loader: prefetch && (({ context, deps }) => prefetch(context.queryClient, deps)),
  });
};

export const routeTree = root.addChildren([
  signIn,
  callback,
  app.addChildren([
    screen(
      '/',
      lazyRouteComponent(() => import('./screens/overview/OverviewPage'), 'OverviewPage'),
    ),
    screen(
      'activity',
      lazyRouteComponent(() => import('./screens/activity/ActivityPage'), 'ActivityPage'),
      listSearch(ACTIVITY_FILTERS),
    ),
    screen(
      'customers',
      lazyRouteComponent(() => import('./screens/customers/CustomersPage'), 'CustomersPage'),
      listSearch(['name', 'type', 'status', 'addressBook.country']),
    ),
    screen(
      'customers/$customerId',
      lazyRouteComponent(() => import('./screens/customers/CustomerPage'), 'CustomerPage'),
    ),
    screen(
      'products',
      lazyRouteComponent(() => import('./screens/products/ProductsPage'), 'ProductsPage'),
      listSearch(PRODUCT_LIST_SEARCH),
      prefetchList(PRODUCT_LIST),
    ),
    screen(
      'products/imports',
      lazyRouteComponent(() => import('./screens/product-imports/ProductImportsPage'), 'ProductImportsPage'),
      listSearch(['status']),
    ),
    screen(
      'products/imports/$importId',
      lazyRouteComponent(() => import('./screens/product-imports/ProductImportPage'), 'ProductImportPage'),
    ),
    screen(
      'products/$productId',
      lazyRouteComponent(() => import('./screens/products/ProductPage'), 'ProductPage'),
      productPageSearch,
    ),
    screen(
      'price-functions',
      lazyRouteComponent(() => import('./screens/price-functions/PriceFunctionsPage'), 'PriceFunctionsPage'),
      listSearch(['name', 'customerId']),
    ),
    screen(
      'price-functions/$priceFunctionId',
      lazyRouteComponent(() => import('./screens/price-functions/PriceFunctionPage'), 'PriceFunctionPage'),
    ),
    screen(
      'subscriptions',
      lazyRouteComponent(() => import('./screens/subscriptions/SubscriptionsPage'), 'SubscriptionsPage'),
      listSearch(SUBSCRIPTION_FILTERS),
    ),
    screen(
      'subscriptions/$subscriptionId',
      lazyRouteComponent(() => import('./screens/subscriptions/SubscriptionPage'), 'SubscriptionPage'),
    ),
    screen(
      'subscription-models',
      lazyRouteComponent(
        () => import('./screens/subscription-models/SubscriptionModelsPage'),
        'SubscriptionModelsPage',
      ),
      listSearch(['name', 'customerId']),
    ),
    screen(
      'subscription-models/$modelId',
      lazyRouteComponent(() => import('./screens/subscription-models/SubscriptionModelPage'), 'SubscriptionModelPage'),
    ),
    screen(
      'product-sale-records',
      lazyRouteComponent(() => import('./screens/sale-records/SaleRecordsPage'), 'SaleRecordsPage'),
      listSearch(['productId', 'status', 'sellingStores', 'customerId']),
    ),
    // `new` opens an empty sale record.
    screen(
      'product-sale-records/$saleRecordId',
      lazyRouteComponent(() => import('./screens/sale-records/SaleRecordPage'), 'SaleRecordPage'),
    ),
    // Notifications: definitions, receivers, and the delivery log (the processing records).
    screen(
      'notification-definitions',
      lazyRouteComponent(() => import('./screens/notifications/DefinitionsPage'), 'DefinitionsPage'),
      listSearch([]),
    ),
    screen(
      'notification-definitions/new',
      lazyRouteComponent(() => import('./screens/notifications/DefinitionPage'), 'NewDefinitionPage'),
    ),
    screen(
      'notification-definitions/$definitionId',
      lazyRouteComponent(() => import('./screens/notifications/DefinitionPage'), 'DefinitionPage'),
    ),
    screen(
      'notification-receivers',
      lazyRouteComponent(() => import('./screens/notifications/ReceiversPage'), 'ReceiversPage'),
      listSearch([]),
    ),
    screen(
      'notification-receivers/new',
      lazyRouteComponent(() => import('./screens/notifications/ReceiverPage'), 'NewReceiverPage'),
    ),
    screen(
      'notification-receivers/$receiverId',
      lazyRouteComponent(() => import('./screens/notifications/ReceiverPage'), 'ReceiverPage'),
    ),
    screen(
      'notifications',
      lazyRouteComponent(() => import('./screens/notifications/DeliveryLogPage'), 'DeliveryLogPage'),
      listSearch(['status', 'notificationDefinitionId', 'notificationReceiverId', 'eventMainObjectId']),
    ),
    screen(
      'notifications/$notificationId',
      lazyRouteComponent(() => import('./screens/notifications/DeliveryPage'), 'DeliveryPage'),
    ),
    screen(
      'recommendation-rules',
      lazyRouteComponent(() => import('./screens/recommendations/RecommendationRulesPage'), 'RecommendationRulesPage'),
      listSearch(['name', 'status', 'type', 'function', 'levels', 'eligibleStoreIds']),
    ),
    // `new` opens an empty rule.
    screen(
      'recommendation-rules/$ruleId',
      lazyRouteComponent(() => import('./screens/recommendations/RecommendationRulePage'), 'RecommendationRulePage'),
    ),
    screen(
      'recommendations/try',
      lazyRouteComponent(() => import('./screens/recommendations/TryCartPage'), 'TryCartPage'),
    ),
    screen(
      'assets',
      lazyRouteComponent(() => import('./screens/assets/AssetsPage'), 'AssetsPage'),
      listSearch(['customerId']),
    ),
    screen(
      'terms',
      lazyRouteComponent(() => import('./screens/terms/TermsPage'), 'TermsPage'),
      listSearch(['status', 'model', 'locale']),
    ),
    // `new` opens an empty template.
    screen(
      'terms/$termsId',
      lazyRouteComponent(() => import('./screens/terms/TermsItemPage'), 'TermsItemPage'),
    ),
    screen(
      'company-terms',
      lazyRouteComponent(() => import('./screens/terms/CompanyTermsPage'), 'CompanyTermsPage'),
      listSearch(['corporateUrl']),
    ),
    // `new` opens empty parameters.
    screen(
      'company-terms/$companyTermsId',
      lazyRouteComponent(() => import('./screens/terms/CompanyTermsItemPage'), 'CompanyTermsItemPage'),
    ),
  ]),
]);

export function createConsoleRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    basepath: '/console',
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createConsoleRouter>;
  }
}
