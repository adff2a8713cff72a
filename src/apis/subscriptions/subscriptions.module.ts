import type { ApiModule } from '../api-module.js';
import { subscriptionResource } from './subscription.resource.js';
import { EmbeddedModelSchema, LifecycleSchema, SubscriptionProductSchema, TermSchema } from './subscription.schema.js';
import { subscriptionExpiryJob } from './subscription-expiry.js';
import { subscriptionModelResource } from './subscription-model.resource.js';

/** The Subscription API: subscriptions (their life cycle and pre-billing) and subscription models. */
export const subscriptionsModule: ApiModule = {
  name: 'subscriptions',
  kinds: [subscriptionModelResource, subscriptionResource],
  start({ services, db, config }) {
    return {
      resources: [subscriptionModelResource, subscriptionResource],
      schemas: [TermSchema, EmbeddedModelSchema, LifecycleSchema, SubscriptionProductSchema],
      jobs: [subscriptionExpiryJob(db, services, config.subscriptionExpiryIntervalMs)],
    };
  },
};
