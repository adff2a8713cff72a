import { activityModule } from './activity/activity.module.js';
import type { ApiModule } from './api-module.js';
import { assetsModule } from './assets/assets.module.js';
import { catalogModule } from './catalog/catalog.module.js';
import { customersModule } from './customers/customers.module.js';
import { iamModule } from './iam/iam.module.js';
import { notificationsModule } from './notifications/notifications.module.js';
import { ordersModule } from './orders/orders.module.js';
import { platformModule } from './platform.module.js';
import { recommendationsModule } from './recommendations/recommendations.module.js';
import { subscriptionsModule } from './subscriptions/subscriptions.module.js';
import { termsModule } from './terms/terms.module.js';

/**
 * Every API the service serves, started in this order: IAM first (the others reach it through their ApiContext), and
 * an API's views may read kinds of APIs before it.
 */
export const apiModules: ApiModule[] = [
  iamModule,
  termsModule,
  customersModule,
  assetsModule,
  ordersModule,
  subscriptionsModule,
  catalogModule,
  recommendationsModule,
  notificationsModule,
  activityModule,
];

/** What every process starts, the server and `npm run worker` alike: the platform's own jobs, then every API. */
export const serviceModules: ApiModule[] = [platformModule, ...apiModules];
