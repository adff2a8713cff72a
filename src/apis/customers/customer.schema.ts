import Type, { type Static, type TBoolean, type TOptional } from 'typebox';
import {
  DateTime,
  EMAIL_MAX_LENGTH,
  Id,
  List,
  Obj,
  StringEnum,
  StringMap,
  sharedFields,
  Text,
  UrlText,
} from '../../platform/resource/declare.js';

export const CUSTOMER_TYPES = ['PUBLISHER', 'RESELLER'] as const;
export const CUSTOMER_STATUSES = ['TRIAL', 'RUNNING'] as const;
/** Specification, Limits: 1..150 characters. */
export const CUSTOMER_NAME_MAX_LENGTH = 150;

/** Realm names: lower-case letters, digits and dashes, as `defaultRealmName` makes them; they name the IAM realm and its client. */
export const REALM_NAME_PATTERN = '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$';

const deprecated = { deprecated: true };
const opt = Type.Optional;
const Flag = (options: Record<string, unknown> = {}) => Type.Boolean(options);
/** A validity duration in days: 0..90 (specification, Limits). */
const ValidityDays = (what: string) =>
  Type.Integer({ minimum: 0, maximum: 90, format: 'int64', description: `${what}, in days (at most 90)` });

const FEATURE_FLAGS = [
  'connectManagement',
  'createInvoice',
  'onboardingManagement',
  'productManagement',
  'productUpgradeAuthorized',
  'remittanceManagement',
  'remotePriceAllowed',
  'resellerManagement',
  'sellOnBehalf',
  'seller',
  'sendOrderConfirmationEmail',
  'sgOrdersManagement',
  'skipPriceFunctionOnRemotePrice',
  'subscriptionUpgradeAuthorized',
  'suspendSubscriptionsOnEndUserDeletion',
  'usingBillingPlan',
  'usingCurrencyConversion',
  'usingRenewingRemotePrice',
  'usingSafePIIData',
] as const;

type FeatureProperties = { [Flag in (typeof FEATURE_FLAGS)[number]]: TOptional<TBoolean> };

/** Features: boolean flags, each optional. */
export const FeaturesSchema = Obj(
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, opt(Flag())])) as FeatureProperties,
  { title: 'Features' },
);

export const AddressBookSchema = Obj({
  city: opt(Text()),
  country: opt(
    Text({
      pattern: '^[A-Z]{2}$',
      description: 'ISO 3166-1 alpha-2 code of an assigned country, e.g. FR',
      example: 'FR',
    }),
  ),
  phoneNumber: opt(Text()),
  state: opt(Text()),
  streetAddress: opt(Text()),
  zipCode: opt(Type.Integer({ format: 'int64' })),
});

export const PaymentServiceConfigurationSchema = Obj({
  availableAdditionalPaymentTypes: opt(List(Text())),
  blackListedPaymentTypes: opt(List(Text())),
  forcedPaymentTypes: opt(Text({ description: 'comma list of payment types (an array in the public view)' })),
  maxPaymentsParts: opt(Type.Integer({ format: 'int32' })),
  minPaymentAmountInPercent: opt(Type.Integer({ format: 'int32' })),
  paymentVendor: opt(Text()),
  promoteOneClickPayment: opt(Flag()),
  signedPartialAmountRequired: opt(Flag()),
});

const DesignRefSchema = Obj({ customerId: opt(Id()), name: opt(Text()) });
const DesignSchema = Obj({
  fontRef: opt(DesignRefSchema),
  i18nRef: opt(DesignRefSchema),
  layoutRef: opt(DesignRefSchema),
  themeRef: opt(DesignRefSchema),
});

export const DefaultOnboardingPropertiesSchema = Obj({
  customerStatus: opt(Text()),
  designs: opt(
    Obj({ checkout: opt(DesignSchema), endUserPortal: opt(DesignSchema), resellerCheckout: opt(DesignSchema) }),
  ),
  features: opt(FeaturesSchema),
  paymentServiceConfiguration: opt(PaymentServiceConfigurationSchema),
  realmTemplate: opt(Text()),
  role: opt(Text()),
});

/** Server-managed: the customer's realm and confidential client. `clientSecret` is in clear only in the create and rotate answers. */
export const IamClientSchema = Obj(
  {
    clientSecret: opt(
      Text({ description: 'write-only: shown in clear once (create, rotation), "********" afterwards' }),
    ),
    realmName: opt(Text()),
    realmPublicKey: opt(
      Text({
        maxLength: 4096,
        description: "base64 (SPKI DER) of the key the realm's access tokens are signed with (RS256)",
      }),
    ),
    secretKeys: opt(List(Obj({ createDate: opt(DateTime()), secret: opt(Text()) }), { maxItems: 100 })),
  },
  { readOnly: true },
);

export const RemotePriceFilteringSchema = Obj(
  { filteringFieldsForB2B: opt(List(Text())), filteringFieldsForB2C: opt(List(Text())) },
  { title: 'Remote price filtering' },
);

/** ext: the public half of the customer's Ed25519 key, to check its signatures without calling the API. */
const SigningPublicKeySchema = Obj(
  { kty: opt(Text()), crv: opt(Text()), x: opt(Text()), kid: opt(Text()), alg: opt(Text()), use: opt(Text()) },
  {
    readOnly: true,
    description: "ext: public JWK of the Ed25519 key that signs this customer's data (`POST /customers/{id}/sign`)",
  },
);

/** Customer (full record) of the specification. Required on create and update: name, vatNumber, features. */
export const CustomerSchema = Obj(
  {
    id: sharedFields.id,
    createDate: sharedFields.createDate,
    updateDate: sharedFields.updateDate,
    dbVersion: sharedFields.dbVersion,
    lastUpdateReason: sharedFields.lastUpdateReason,
    originalId: sharedFields.originalId,
    name: Text({ minLength: 1, maxLength: CUSTOMER_NAME_MAX_LENGTH }),
    vatNumber: Text({ minLength: 0, maxLength: 50 }),
    features: FeaturesSchema,
    type: opt(StringEnum(CUSTOMER_TYPES, { description: 'PUBLISHER (default) or RESELLER; set by the operator' })),
    status: opt(StringEnum(CUSTOMER_STATUSES, { description: 'TRIAL (default) or RUNNING; set by the operator' })),
    realmName: opt(
      Text({
        maxLength: 63,
        pattern: REALM_NAME_PATTERN,
        description: 'unique; default: a slug of the name. Fixed once created',
      }),
    ),
    addressBook: opt(AddressBookSchema),
    authorizedCustomers: opt(
      List(Id(), {
        uniqueItems: true,
        maxItems: 1000,
        description: 'customers this one may see and act for; set by the operator',
      }),
    ),
    availableAdditionalPaymentTypes: opt(List(Text(), deprecated)),
    blackListedPaymentTypes: opt(List(Text(), deprecated)),
    availableLocales: opt(List(Text({ maxLength: 64 }), { uniqueItems: true })),
    bannerEmail: opt(Text({ maxLength: EMAIL_MAX_LENGTH })),
    blackListedCountries: opt(List(Text())),
    cancelPeriod: opt(Type.Integer({ minimum: 0, maximum: 2_147_483_647, format: 'int32', description: 'days' })),
    createInvoice: opt(Flag({ description: 'an invoice is created during order processing' })),
    defaultFraudPoints: opt(Type.Integer({ minimum: -9999, maximum: 9999, format: 'int32' })),
    defaultOnboardingProperties: opt(DefaultOnboardingPropertiesSchema),
    eCommercePartner: opt(Text()),
    ecommercePartner: opt(Text()),
    fulfillments: opt(StringMap(Text())),
    iamClient: opt(IamClientSchema),
    legalEntityId: opt(Id()),
    localizedPaymentDescriptors: opt(StringMap(Text())),
    localizedHelpdeskGuideUrls: opt(StringMap(UrlText())),
    logo: opt(UrlText()),
    multiplePaymentsValidityDuration: opt(ValidityDays('multiple payments validity')),
    quoteSubscriptionValidityDuration: opt(ValidityDays('quote subscription validity')),
    quoteValidityDuration: opt(ValidityDays('quote validity')),
    retryPaymentValidityDuration: opt(ValidityDays('retry payment validity')),
    onboardingGuideUrl: opt(UrlText()),
    onboardingTermsUrl: opt(UrlText()),
    onboardingManager: opt(Flag()),
    parentId: opt(Id({ description: 'parent customer; set by the operator' })),
    paymentServiceConfiguration: opt(PaymentServiceConfigurationSchema),
    paymentVendor: opt(Text(deprecated)),
    promoteOneClickPayment: opt(Flag(deprecated)),
    remittableId: opt(Id()),
    remotePriceFiltering: opt(RemotePriceFilteringSchema),
    salesReportDashboardURL: opt(UrlText()),
    sendOrderConfirmationEmail: opt(Flag({ description: 'a confirmation e-mail is sent to the end user' })),
    subscriptionUpgradeAuthorized: opt(Flag()),
    subscriptionUpgradeConfiguration: opt(
      Obj({
        midTermUpgrade: opt(
          Obj({ enable: opt(Flag()), mandatoryRemotePrice: opt(Flag()), overrideExpirationDate: opt(Flag()) }),
        ),
      }),
    ),
    subscriptions: opt(StringMap(Text())),
    urlToOverrideDirectPaymentPublicUrl: opt(UrlText()),
    helpdeskBrandId: opt(Id()),
    signingPublicKey: opt(SigningPublicKeySchema),
  },
  {
    $id: 'Customer',
    title: 'Customer',
    examples: [
      {
        name: 'Acme Books',
        vatNumber: 'FR12345678901',
        features: { seller: true, usingBillingPlan: true },
        addressBook: { country: 'FR', city: 'Paris', zipCode: 75001 },
        availableLocales: ['fr_FR', 'en_GB'],
      },
    ],
  },
);
export type Customer = Static<typeof CustomerSchema>;
