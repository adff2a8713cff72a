import type { ApiModule } from '../api-module.js';
import { startSubscriptionExpiry } from './subscription-expiry.js';
import { subscriptionModelResource } from './subscription-model.resource.js';
import { subscriptionResource } from './subscription.resource.js';
import { EmbeddedModelSchema, LifecycleSchema, SubscriptionProductSchema, TermSchema } from './subscription.schema.js';

/** The Subscription API: subscriptions (their life cycle and pre-billing) and subscription models. */
export const subscriptionsModule: ApiModule = {
  name: 'subscriptions',
  kinds: [subscriptionModelResource, subscriptionResource],
  start({ services, db, log, config }) {
    const stopExpiry = startSubscriptionExpiry(db, services, log, config.subscriptionExpiryIntervalMs);
    return {
      resources: [subscriptionModelResource, subscriptionResource],
      schemas: [TermSchema, EmbeddedModelSchema, LifecycleSchema, SubscriptionProductSchema],
      stop: stopExpiry,
    };
  },
};
