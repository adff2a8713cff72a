import Type from 'typebox';
import { defineResource } from '../../platform/resource/declare.js';
import { EXPIRATION_DATE_SQL, NOT_EXPIRED_SQL } from './subscription.repository.js';
import { SubscriptionSchema } from './subscription.schema.js';
import { subscriptionActions } from './subscription-actions.js';
import { beforeSubscriptionCreate, beforeSubscriptionUpdate } from './subscription-hooks.js';

/** The format every subscription list page names (the specification's page carries `format`). */
export const SUBSCRIPTION_PAGE_FORMAT = 'subscription-v1';

/** Subscriptions (docs/product-decisions.md §7): epoch-ms dates, a server-managed life cycle changed only by the actions. */
export const subscriptionResource = defineResource({
  name: 'subscription',
  displayName: 'subscription',
  path: '/subscriptions',
  table: 'subscriptions',
  schema: SubscriptionSchema,
  scopeArea: 'subscriptions',
  tag: 'Subscriptions',
  operations: {
    list: 'listSubscriptions',
    create: 'createSubscription',
    get: 'getSubscription',
    update: 'updateSubscription',
    delete: 'deleteSubscription',
  },
  key: { param: 'subscriptionId', field: 'id' },
  emits: [
    { fact: 'prebilled', by: 'prebillSubscription (POST /subscriptions/{subscriptionId}/prebill)' },
    {
      fact: 'expired',
      by: 'the expiry job, once expirationDate has passed (every SUBSCRIPTION_EXPIRY_INTERVAL seconds, default 60)',
    },
  ],
  readOnly: ['lifecycle'],
  references: { modelId: 'subscription-model', 'products[].id': 'product', 'nextProducts[].id': 'product' },
  dates: 'epoch-ms',
  defaultPageSize: 50,
  pageFields: {
    schema: { format: Type.String({ description: 'the layout of the listed subscriptions' }) },
    values: { format: SUBSCRIPTION_PAGE_FORMAT },
  },
  filters: {
    customerId: { kind: 'string' },
    enduserId: { kind: 'string' },
    storeId: { kind: 'string' },
    modelId: { kind: 'string' },
    externalRefId: { kind: 'string' },
    status: { kind: 'string', path: 'lifecycle.status', description: 'lifecycle.status' },
  },
  // The expiry job runs every minute on every instance: without it, each run reads every subscription.
  indexes: [{ name: 'expiry', expression: `(${EXPIRATION_DATE_SQL})`, where: NOT_EXPIRED_SQL }],
  hooks: { beforeCreate: beforeSubscriptionCreate, beforeUpdate: beforeSubscriptionUpdate },
  actions: subscriptionActions,
});
