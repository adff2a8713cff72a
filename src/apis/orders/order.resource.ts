import { defineResource } from '../../platform/resource/declare.js';
import { OrderSchema } from './order.schema.js';

/** Orders (docs/product-decisions.md §7): written by pre-billing in the subscription's transaction, read over HTTP (get only). */
export const orderResource = defineResource({
  name: 'order',
  displayName: 'order',
  path: '/orders',
  table: 'orders',
  schema: OrderSchema,
  scopeArea: 'subscriptions',
  tag: 'Subscriptions',
  operations: { get: 'getOrder' },
  emits: [{ fact: 'created', by: 'prebillSubscription (POST /subscriptions/{subscriptionId}/prebill)' }],
  filters: { subscriptionId: { kind: 'string' }, enduserId: { kind: 'string' }, termStart: { kind: 'string' } },
  references: { subscriptionId: 'subscription', 'lineItems[].productId': 'product' },
  // Pre-billing bills a term once, even when two calls race past its lock (two instances, a retried request).
  unique: [{ fields: ['subscriptionId', 'termStart'] }],
});
