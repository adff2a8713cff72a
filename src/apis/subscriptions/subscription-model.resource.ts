import { defineResource } from '../../platform/resource/declare.js';
import { SubscriptionModelSchema } from './subscription.schema.js';

/** Subscription models: read by name (unique per customer), never changed once made (subscriptions copy them). */
export const subscriptionModelResource = defineResource({
  name: 'subscription-model',
  displayName: 'subscription model',
  path: '/subscription-models',
  table: 'subscription_models',
  schema: SubscriptionModelSchema,
  scopeArea: 'subscriptions',
  sharedOperatorRecords:
    "the operator's models are the platform's standard terms: a subscription may follow one by name when its customer has none of that name",
  tag: 'Subscriptions',
  operations: { list: 'listSubscriptionModels', create: 'createSubscriptionModel', get: 'getSubscriptionModel' },
  key: { param: 'model', field: 'name' },
  unique: [{ fields: ['customerId', 'name'] }],
  dates: 'iso',
  defaultPageSize: 50,
  filters: {
    customerId: { kind: 'string' },
    name: { kind: 'string' },
    id: { kind: 'string', description: 'the model id' },
  },
});
