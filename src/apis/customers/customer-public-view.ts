import Type, { type Static } from 'typebox';
import type { Doc } from '../../platform/registry/document-paths.js';
import { Obj, StringEnum, StringMap } from '../../platform/registry/schema-types.js';
import { CUSTOMER_STATUSES } from './customer.schema.js';

/** Customer (public view): what anyone may know of a customer (a checkout page, a portal), returned without a token. */
export const PublicCustomerSchema = Obj(
  {
    id: Type.String(),
    name: Type.String(),
    status: Type.Optional(StringEnum(CUSTOMER_STATUSES)),
    blackListedPaymentTypes: Type.Array(Type.String()),
    forcedPaymentTypes: Type.Array(Type.String()),
    ecommercePartner: Type.Optional(Type.String()),
    fulfillments: Type.Optional(StringMap(Type.String())),
    localizedHelpdeskGuideUrls: Type.Optional(StringMap(Type.String())),
    logo: Type.Optional(Type.String()),
    onboardingEnabled: Type.Boolean({ description: 'the feature onboardingManagement' }),
    onboardingGuideUrl: Type.Optional(Type.String()),
    onboardingTermsUrl: Type.Optional(Type.String()),
    subscriptions: Type.Optional(StringMap(Type.String())),
    urlToOverrideDirectPaymentPublicUrl: Type.Optional(Type.String()),
    usingBillingPlan: Type.Boolean({ description: 'the feature usingBillingPlan' }),
    usingSafePIIData: Type.Boolean({ description: 'the feature usingSafePIIData' }),
  },
  { $id: 'PublicCustomer', title: 'Customer (public view)' },
);
export type PublicCustomer = Static<typeof PublicCustomerSchema>;

const strings = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const object = (value: unknown): Doc => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Doc) : {});

/** `"CARD, PAYPAL"` -> `["CARD", "PAYPAL"]`: the full record keeps forced payment types as one string. */
function paymentTypeList(value: unknown): string[] {
  return typeof value === 'string' ? value.split(',').map((part) => part.trim()).filter(Boolean) : (strings(value) ?? []);
}

/**
 * The public view of a full record. Payment settings come from `paymentServiceConfiguration`, falling back to the
 * deprecated top-level fields; the flags come from `features`.
 */
export function toPublicView(customer: Doc): PublicCustomer {
  const features = object(customer.features);
  const payment = object(customer.paymentServiceConfiguration);
  const view: Doc = {
    id: customer.id,
    name: customer.name,
    status: text(customer.status),
    blackListedPaymentTypes: strings(payment.blackListedPaymentTypes) ?? strings(customer.blackListedPaymentTypes) ?? [],
    forcedPaymentTypes: paymentTypeList(payment.forcedPaymentTypes),
    ecommercePartner: text(customer.ecommercePartner) ?? text(customer.eCommercePartner),
    fulfillments: customer.fulfillments,
    localizedHelpdeskGuideUrls: customer.localizedHelpdeskGuideUrls,
    logo: text(customer.logo),
    onboardingEnabled: features.onboardingManagement === true,
    onboardingGuideUrl: text(customer.onboardingGuideUrl),
    onboardingTermsUrl: text(customer.onboardingTermsUrl),
    subscriptions: customer.subscriptions,
    urlToOverrideDirectPaymentPublicUrl: text(customer.urlToOverrideDirectPaymentPublicUrl),
    usingBillingPlan: features.usingBillingPlan === true,
    usingSafePIIData: features.usingSafePIIData === true,
  };
  return Object.fromEntries(Object.entries(view).filter(([, value]) => value !== undefined)) as PublicCustomer;
}
