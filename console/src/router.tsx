import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { currentSession } from './auth/session-store';
import { refreshSession } from './auth/sign-in-flow';
import { AppLayout } from './layout/AppLayout';
import { ACTIVITY_FILTERS } from './screens/activity/activity-query';
import { PRODUCT_LIST_SEARCH } from './screens/products/product-filters';
import { productPageSearch } from './screens/products/product-tabs';
import { CallbackPage } from './screens/sign-in/CallbackPage';
import { SignInPage } from './screens/sign-in/SignInPage';
import { SUBSCRIPTION_FILTERS } from './screens/subscriptions/subscription-list-query';
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
  component: AppLayout,
});

const overview = createRoute({
  getParentRoute: () => app,
  path: '/',
  component: lazyRouteComponent(() => import('./screens/overview/OverviewPage'), 'OverviewPage'),
});

const activity = createRoute({
  getParentRoute: () => app,
  path: 'activity',
  validateSearch: listSearch(ACTIVITY_FILTERS),
  component: lazyRouteComponent(() => import('./screens/activity/ActivityPage'), 'ActivityPage'),
});

const customers = createRoute({
  getParentRoute: () => app,
  path: 'customers',
  validateSearch: listSearch(['name', 'type', 'status']),
  component: lazyRouteComponent(() => import('./screens/customers/CustomersPage'), 'CustomersPage'),
});

const customer = createRoute({
  getParentRoute: () => app,
  path: 'customers/$customerId',
  component: lazyRouteComponent(() => import('./screens/customers/CustomerPage'), 'CustomerPage'),
});

const priceFunctions = createRoute({
  getParentRoute: () => app,
  path: 'price-functions',
  validateSearch: listSearch(['name', 'customerId']),
  component: lazyRouteComponent(() => import('./screens/price-functions/PriceFunctionsPage'), 'PriceFunctionsPage'),
});

const priceFunction = createRoute({
  getParentRoute: () => app,
  path: 'price-functions/$priceFunctionId',
  component: lazyRouteComponent(() => import('./screens/price-functions/PriceFunctionPage'), 'PriceFunctionPage'),
});

const products = createRoute({
  getParentRoute: () => app,
  path: 'products',
  validateSearch: listSearch(PRODUCT_LIST_SEARCH),
  component: lazyRouteComponent(() => import('./screens/products/ProductsPage'), 'ProductsPage'),
});

const productImports = createRoute({
  getParentRoute: () => app,
  path: 'products/imports',
  validateSearch: listSearch(['status']),
  component: lazyRouteComponent(() => import('./screens/product-imports/ProductImportsPage'), 'ProductImportsPage'),
});

const productImport = createRoute({
  getParentRoute: () => app,
  path: 'products/imports/$importId',
  component: lazyRouteComponent(() => import('./screens/product-imports/ProductImportPage'), 'ProductImportPage'),
});

const product = createRoute({
  getParentRoute: () => app,
  path: 'products/$productId',
  validateSearch: productPageSearch,
  component: lazyRouteComponent(() => import('./screens/products/ProductPage'), 'ProductPage'),
});

const subscriptions = createRoute({
  getParentRoute: () => app,
  path: 'subscriptions',
  validateSearch: listSearch(SUBSCRIPTION_FILTERS),
  component: lazyRouteComponent(() => import('./screens/subscriptions/SubscriptionsPage'), 'SubscriptionsPage'),
});

const subscription = createRoute({
  getParentRoute: () => app,
  path: 'subscriptions/$subscriptionId',
  component: lazyRouteComponent(() => import('./screens/subscriptions/SubscriptionPage'), 'SubscriptionPage'),
});

const subscriptionModels = createRoute({
  getParentRoute: () => app,
  path: 'subscription-models',
  validateSearch: listSearch(['name', 'customerId']),
  component: lazyRouteComponent(
    () => import('./screens/subscription-models/SubscriptionModelsPage'),
    'SubscriptionModelsPage',
  ),
});

const subscriptionModel = createRoute({
  getParentRoute: () => app,
  path: 'subscription-models/$modelId',
  component: lazyRouteComponent(
    () => import('./screens/subscription-models/SubscriptionModelPage'),
    'SubscriptionModelPage',
  ),
});

const saleRecords = createRoute({
  getParentRoute: () => app,
  path: 'product-sale-records',
  validateSearch: listSearch(['productId', 'status', 'sellingStores', 'customerId']),
  component: lazyRouteComponent(() => import('./screens/sale-records/SaleRecordsPage'), 'SaleRecordsPage'),
});

/** `new` opens an empty sale record. */
const saleRecord = createRoute({
  getParentRoute: () => app,
  path: 'product-sale-records/$saleRecordId',
  component: lazyRouteComponent(() => import('./screens/sale-records/SaleRecordPage'), 'SaleRecordPage'),
});

// Notifications: definitions, receivers, and the delivery log (the processing records).
const notificationDefinitions = createRoute({
  getParentRoute: () => app,
  path: 'notification-definitions',
  validateSearch: listSearch([]),
  component: lazyRouteComponent(() => import('./screens/notifications/DefinitionsPage'), 'DefinitionsPage'),
});
const newNotificationDefinition = createRoute({
  getParentRoute: () => app,
  path: 'notification-definitions/new',
  component: lazyRouteComponent(() => import('./screens/notifications/DefinitionPage'), 'NewDefinitionPage'),
});
const notificationDefinition = createRoute({
  getParentRoute: () => app,
  path: 'notification-definitions/$definitionId',
  component: lazyRouteComponent(() => import('./screens/notifications/DefinitionPage'), 'DefinitionPage'),
});
const notificationReceivers = createRoute({
  getParentRoute: () => app,
  path: 'notification-receivers',
  validateSearch: listSearch([]),
  component: lazyRouteComponent(() => import('./screens/notifications/ReceiversPage'), 'ReceiversPage'),
});
const newNotificationReceiver = createRoute({
  getParentRoute: () => app,
  path: 'notification-receivers/new',
  component: lazyRouteComponent(() => import('./screens/notifications/ReceiverPage'), 'NewReceiverPage'),
});
const notificationReceiver = createRoute({
  getParentRoute: () => app,
  path: 'notification-receivers/$receiverId',
  component: lazyRouteComponent(() => import('./screens/notifications/ReceiverPage'), 'ReceiverPage'),
});
const deliveryLog = createRoute({
  getParentRoute: () => app,
  path: 'notifications',
  validateSearch: listSearch(['status', 'notificationDefinitionId', 'notificationReceiverId', 'eventMainObjectId']),
  component: lazyRouteComponent(() => import('./screens/notifications/DeliveryLogPage'), 'DeliveryLogPage'),
});
const delivery = createRoute({
  getParentRoute: () => app,
  path: 'notifications/$notificationId',
  component: lazyRouteComponent(() => import('./screens/notifications/DeliveryPage'), 'DeliveryPage'),
});
const notificationRoutes = [
  notificationDefinitions,
  newNotificationDefinition,
  notificationDefinition,
  notificationReceivers,
  newNotificationReceiver,
  notificationReceiver,
  deliveryLog,
  delivery,
];

const recommendationRules = createRoute({
  getParentRoute: () => app,
  path: 'recommendation-rules',
  validateSearch: listSearch(['name', 'status', 'type', 'function', 'levels', 'eligibleStoreIds']),
  component: lazyRouteComponent(
    () => import('./screens/recommendations/RecommendationRulesPage'),
    'RecommendationRulesPage',
  ),
});
/** `new` opens an empty rule. */
const recommendationRule = createRoute({
  getParentRoute: () => app,
  path: 'recommendation-rules/$ruleId',
  component: lazyRouteComponent(
    () => import('./screens/recommendations/RecommendationRulePage'),
    'RecommendationRulePage',
  ),
});
const recommendationsTry = createRoute({
  getParentRoute: () => app,
  path: 'recommendations/try',
  component: lazyRouteComponent(() => import('./screens/recommendations/TryCartPage'), 'TryCartPage'),
});
const assets = createRoute({
  getParentRoute: () => app,
  path: 'assets',
  validateSearch: listSearch(['customerId']),
  component: lazyRouteComponent(() => import('./screens/assets/AssetsPage'), 'AssetsPage'),
});
const terms = createRoute({
  getParentRoute: () => app,
  path: 'terms',
  validateSearch: listSearch(['status', 'model', 'locale']),
  component: lazyRouteComponent(() => import('./screens/terms/TermsPage'), 'TermsPage'),
});
/** `new` opens an empty template. */
const termsItem = createRoute({
  getParentRoute: () => app,
  path: 'terms/$termsId',
  component: lazyRouteComponent(() => import('./screens/terms/TermsItemPage'), 'TermsItemPage'),
});
const companyTerms = createRoute({
  getParentRoute: () => app,
  path: 'company-terms',
  validateSearch: listSearch(['corporateUrl']),
  component: lazyRouteComponent(() => import('./screens/terms/CompanyTermsPage'), 'CompanyTermsPage'),
});
/** `new` opens empty parameters. */
const companyTermsItem = createRoute({
  getParentRoute: () => app,
  path: 'company-terms/$companyTermsId',
  component: lazyRouteComponent(() => import('./screens/terms/CompanyTermsItemPage'), 'CompanyTermsItemPage'),
});

export const routeTree = root.addChildren([
  signIn,
  callback,
  app.addChildren([
    overview,
    activity,
    customers,
    customer,
    products,
    productImports,
    productImport,
    product,
    priceFunctions,
    priceFunction,
    subscriptions,
    subscription,
    subscriptionModels,
    subscriptionModel,
    saleRecords,
    saleRecord,
    ...notificationRoutes,
    recommendationRules,
    recommendationRule,
    recommendationsTry,
    assets,
    terms,
    termsItem,
    companyTerms,
    companyTermsItem,
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
