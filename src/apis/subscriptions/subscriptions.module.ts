import type { ApiModule } from '../api-module.js';
import { subscriptionResource } from './subscription.resource.js';
import { EmbeddedModelSchema, LifecycleSchema, SubscriptionProductSchema, TermSchema } from './subscription.schema.js';
import { subscriptionActions } from './subscription-actions.js';
import { startSubscriptionExpiry } from './subscription-expiry.js';
import { subscriptionHooks } from './subscription-hooks.js';
import { subscriptionModelResource } from './subscription-model.resource.js';

/** The Subscription API: subscriptions (their life cycle and pre-billing) and subscription models. */
export const subscriptionsModule: ApiModule = {
  name: 'subscriptions',
  start({ services, db, log, config }) {
    const stopExpiry = startSubscriptionExpiry(db, services, log, config.subscriptionExpiryIntervalMs);
    return {
      resources: [
        subscriptionModelResource,
        { ...subscriptionResource, hooks: subscriptionHooks(services), actions: subscriptionActions(services) },
      ],
      schemas: [TermSchema, EmbeddedModelSchema, LifecycleSchema, SubscriptionProductSchema],
      stop: stopExpiry,
    };
  },
};
