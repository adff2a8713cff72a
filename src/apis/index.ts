import type { ApiModule } from './api-module.js';
import { assetsModule } from './assets/assets.module.js';
import { catalogModule } from './catalog/catalog.module.js';
import { customersModule } from './customers/customers.module.js';
import { notificationsModule } from './notifications/notifications.module.js';
import { ordersModule } from './orders/orders.module.js';
import { recommendationsModule } from './recommendations/recommendations.module.js';
import { subscriptionsModule } from './subscriptions/subscriptions.module.js';
import { termsModule } from './terms/terms.module.js';

/** Every API the service serves, started in this order (an API's views may read kinds of APIs before it). */
export const apiModules: ApiModule[] = [
  termsModule,
  customersModule,
  assetsModule,
  ordersModule,
  subscriptionsModule,
  catalogModule,
  recommendationsModule,
  notificationsModule,
];
