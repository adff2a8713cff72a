import { type LinkOptions, linkOptions } from '@tanstack/react-router';
import type { webhooks } from '../../api/openapi';

/** An outside system's event (`POST /events`, `outside-event`) changes no record: the activity log has none. */
type RecordEvent = Exclude<keyof webhooks, 'outside-event'>;

/**
 * Every event of a record the API declares (its OpenAPI `webhooks`, one per subject and fact): a key missing here, or one the API
 * no longer declares, fails the type check, so the Activity screen's subject and fact pickers follow the API.
 */
const EVENTS = {
  'asset.created': true,
  'asset.deleted': true,
  'cart.created': true,
  'cart.updated': true,
  'company-terms.created': true,
  'company-terms.updated': true,
  'customer.created': true,
  'customer.updated': true,
  'description.created': true,
  'description.updated': true,
  'notification.updated': true,
  'notification-definition.created': true,
  'notification-definition.updated': true,
  'notification-receiver.created': true,
  'notification-receiver.updated': true,
  'order.created': true,
  'price-function.created': true,
  'price-function.updated': true,
  'product.created': true,
  'product.updated': true,
  'product-import.cancelled': true,
  'product-import.created': true,
  'product-import.finished': true,
  'product-sale-record.created': true,
  'product-sale-record.updated': true,
  'recommendation-rule.created': true,
  'recommendation-rule.updated': true,
  'subscription.cancelled': true,
  'subscription.created': true,
  'subscription.deleted': true,
  'subscription.expired': true,
  'subscription.prebilled': true,
  'subscription.reactivated': true,
  'subscription.suspended': true,
  'subscription.updated': true,
  'subscription.upgraded': true,
  'subscription-model.created': true,
  'terms.created': true,
  'terms.updated': true,
} as const satisfies Record<RecordEvent, true>;

const pairs = Object.keys(EVENTS).map((name) => name.split('.') as [string, string]);

/** The kinds of record whose changes the activity log keeps, as `GET /activity?subject=` takes them. */
export const SUBJECTS = [...new Set(pairs.map(([subject]) => subject))].sort();

/** What can happen to a record (`created`, `suspended`, …), as `GET /activity?fact=` takes it. */
export const FACTS = [...new Set(pairs.map(([, fact]) => fact))].sort();

/** A subject in words: `price-function` -> `price function`. */
export const subjectLabel = (subject: string) => subject.replace(/-/g, ' ');

/** The console page of a record of `subject`, or undefined for kinds the console has no page for (carts, assets). */
export function recordLink(subject: string, id: string): LinkOptions | undefined {
  switch (subject) {
    case 'product':
      return linkOptions({ to: '/products/$productId', params: { productId: id } });
    case 'price-function':
      return linkOptions({ to: '/price-functions/$priceFunctionId', params: { priceFunctionId: id } });
    case 'subscription':
      return linkOptions({ to: '/subscriptions/$subscriptionId', params: { subscriptionId: id } });
    case 'subscription-model':
      return linkOptions({ to: '/subscription-models/$modelId', params: { modelId: id } });
    case 'product-sale-record':
      return linkOptions({ to: '/product-sale-records/$saleRecordId', params: { saleRecordId: id } });
    case 'customer':
      return linkOptions({ to: '/customers/$customerId', params: { customerId: id } });
    case 'notification-definition':
      return linkOptions({ to: '/notification-definitions/$definitionId', params: { definitionId: id } });
    case 'notification-receiver':
      return linkOptions({ to: '/notification-receivers/$receiverId', params: { receiverId: id } });
    case 'notification':
      return linkOptions({ to: '/notifications/$notificationId', params: { notificationId: id } });
    case 'recommendation-rule':
      return linkOptions({ to: '/recommendation-rules/$ruleId', params: { ruleId: id } });
    case 'terms':
      return linkOptions({ to: '/terms/$termsId', params: { termsId: id } });
    case 'company-terms':
      return linkOptions({ to: '/company-terms/$companyTermsId', params: { companyTermsId: id } });
    default:
      return undefined;
  }
}
