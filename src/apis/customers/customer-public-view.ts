import Type, { type Static } from 'typebox';
import type { Doc } from '../../platform/resource/declare.js';
import { ID_MAX_LENGTH, Obj } from '../../platform/resource/declare.js';
import { pagingParameters } from '../../platform/resource/shapes.js';
import { CUSTOMER_PAGE_SIZE } from './customer.kind.js';
import { CUSTOMER_NAME_MAX_LENGTH, CustomerSchema } from './customer.schema.js';

const full = CustomerSchema.properties;

/**
 * Customer (public view): what anyone may know of a customer (a checkout page, a portal), returned without a token.
 * Fields it shares with the full record take their shapes from it; the others are derived (see `toPublicView`).
 */
export const PublicCustomerSchema = Obj(
  {
    id: Type.String(),
    name: full.name,
    status: full.status,
    blackListedPaymentTypes: Type.Array(Type.String()),
    forcedPaymentTypes: Type.Array(Type.String(), { description: "the full record's comma string as a list" }),
    ecommercePartner: full.ecommercePartner,
    fulfillments: full.fulfillments,
    localizedHelpdeskGuideUrls: full.localizedHelpdeskGuideUrls,
    logo: full.logo,
    onboardingEnabled: Type.Boolean({ description: 'the feature onboardingManagement' }),
    onboardingGuideUrl: full.onboardingGuideUrl,
    onboardingTermsUrl: full.onboardingTermsUrl,
    subscriptions: full.subscriptions,
    urlToOverrideDirectPaymentPublicUrl: full.urlToOverrideDirectPaymentPublicUrl,
    usingBillingPlan: Type.Boolean({ description: 'the feature usingBillingPlan' }),
    usingSafePIIData: Type.Boolean({ description: 'the feature usingSafePIIData' }),
  },
  { $id: 'PublicCustomer', title: 'Customer (public view)' },
);
export type PublicCustomer = Static<typeof PublicCustomerSchema>;

/** At most this many ids in one public lookup. */
export const MAX_PUBLIC_IDS = 500;

/** `GET /customers/public`: ids or a name, and the page. */
export const PublicLookupQuerySchema = Type.Object(
  {
    id: Type.Optional(
      Type.Array(Type.String({ maxLength: MAX_PUBLIC_IDS * (ID_MAX_LENGTH + 1) }), {
        maxItems: MAX_PUBLIC_IDS,
        description: `customer ids: a comma list or a repeated parameter (at most ${MAX_PUBLIC_IDS})`,
      }),
    ),
    name: Type.Optional(
      Type.String({ maxLength: CUSTOMER_NAME_MAX_LENGTH, description: 'exact customer name; not with id' }),
    ),
    ...pagingParameters(CUSTOMER_PAGE_SIZE),
    pageable: Type.Optional(
      Type.String({ maxLength: 1000, description: 'JSON object {page, size}; the flat parameters win' }),
    ),
  },
  { additionalProperties: false },
);
export type PublicLookup = Static<typeof PublicLookupQuerySchema>;

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const object = (value: unknown): Doc =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Doc) : {};

/** `"CARD, PAYPAL"` -> `["CARD", "PAYPAL"]`: the full record keeps forced payment types as one string. */
function paymentTypeList(value: unknown): string[] {
  return typeof value === 'string'
    ? value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
    : (strings(value) ?? []);
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
    blackListedPaymentTypes:
      strings(payment.blackListedPaymentTypes) ?? strings(customer.blackListedPaymentTypes) ?? [],
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
