import type { ApiModule } from '../api-module.js';
import { orderResource } from './order.resource.js';
import { OrderLineItemSchema } from './order.schema.js';

/** Orders are read over HTTP; pre-billing writes them with `createOrder`. */
export const ordersModule: ApiModule = {
  name: 'orders',
  kinds: [orderResource],
  start: () => ({ resources: [orderResource], schemas: [OrderLineItemSchema] }),
};
