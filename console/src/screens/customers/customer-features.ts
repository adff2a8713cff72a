import type { Schemas } from '../../api/client';

type Features = NonNullable<Schemas['Customer']['features']>;

/** Every feature flag of a customer, in the order shown; the type check fails when the API adds or drops one. */
export const FEATURES = [
  'seller',
  'productManagement',
  'productUpgradeAuthorized',
  'subscriptionUpgradeAuthorized',
  'resellerManagement',
  'sellOnBehalf',
  'remotePriceAllowed',
  'skipPriceFunctionOnRemotePrice',
  'usingRenewingRemotePrice',
  'usingBillingPlan',
  'usingCurrencyConversion',
  'createInvoice',
  'sendOrderConfirmationEmail',
  'connectManagement',
  'onboardingManagement',
  'remittanceManagement',
  'sgOrdersManagement',
  'suspendSubscriptionsOnEndUserDeletion',
  'usingSafePIIData',
] as const satisfies readonly (keyof Features)[];

type Missing = Exclude<keyof Features, (typeof FEATURES)[number]>;
// A compile error names any feature of the API not listed above.
export const everyFeatureListed: [Missing] extends [never] ? true : Missing = true;

/** `usingBillingPlan` -> `Using billing plan`. */
export const featureLabel = (name: string) =>
  name
    .replace(/([A-Z]+)/g, ' $1')
    .replace(/^./, (first) => first.toUpperCase())
    .replace(/ ([A-Z])(?![A-Z])/g, (_, letter: string) => ` ${letter.toLowerCase()}`);
