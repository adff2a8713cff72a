import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../support/fixture.js';
import { randomWideText } from '../support/random-text.js';
import { createCustomer, customerBody, expectError, type Json } from './customer-factories.js';

let existing: Json;
const { t, operator } = await useApp({ operator: true });
beforeAll(async () => {
  existing = (await createCustomer(t)).body;
});

const DURATIONS = [
  'retryPaymentValidityDuration',
  'quoteValidityDuration',
  'quoteSubscriptionValidityDuration',
  'multiplePaymentsValidityDuration',
];

/** [what, body overrides, field named in the 400 message] */
const REFUSED: [string, Json, string][] = [
  ['an empty name', { name: '' }, 'body.name must not be empty'],
  ['a name of 151 characters', { name: 'n'.repeat(151) }, 'body.name must be at most 150 characters'],
  ['a vatNumber of 51 characters', { vatNumber: 'v'.repeat(51) }, 'body.vatNumber must be at most 50 characters'],
  ...DURATIONS.flatMap((field): [string, Json, string][] => [
    [`${field} of 91 days`, { [field]: 91 }, `body.${field} must be at most 90`],
    [`a negative ${field}`, { [field]: -1 }, `body.${field} must be at least 0`],
    [`a fractional ${field}`, { [field]: 1.5 }, `body.${field} must be of type integer`],
  ]),
  ['a negative cancelPeriod', { cancelPeriod: -1 }, 'body.cancelPeriod must be at least 0'],
  ['defaultFraudPoints of 10000', { defaultFraudPoints: 10_000 }, 'body.defaultFraudPoints must be at most 9999'],
  ['defaultFraudPoints of -10000', { defaultFraudPoints: -10_000 }, 'body.defaultFraudPoints must be at least -9999'],
  [
    'an unassigned country code',
    { addressBook: { country: 'XX' } },
    'body.addressBook.country must be an ISO 3166-1 alpha-2 country code',
  ],
  ['a lower-case country code', { addressBook: { country: 'fr' } }, 'body.addressBook.country must match the pattern'],
  ['an alpha-3 country code', { addressBook: { country: 'FRA' } }, 'body.addressBook.country must match the pattern'],
  ['a zipCode that is text', { addressBook: { zipCode: '75001' } }, 'body.addressBook.zipCode must be of type integer'],
  ['an unknown type', { type: 'DISTRIBUTOR' }, 'body.type must be one of PUBLISHER, RESELLER'],
  ['an unknown status', { status: 'ACTIVE' }, 'body.status must be one of TRIAL, RUNNING'],
  ['a feature that is not a boolean', { features: { seller: 'yes' } }, 'body.features.seller must be of type boolean'],
  [
    'duplicate authorizedCustomers',
    { authorizedCustomers: ['a', 'a'] },
    'body.authorizedCustomers must not contain duplicate items',
  ],
  ['a realm name with upper case', { realmName: 'My-Realm' }, 'body.realmName must match the pattern'],
  // docs/decisions.md#input-bounds: every text, list and map has a limit.
  ['a realm name of 64 characters', { realmName: 'r'.repeat(64) }, 'body.realmName must be at most 63 characters'],
  ['a parentId of 129 characters', { parentId: randomWideText(129) }, 'body.parentId must be at most 128 characters'],
  [
    'an authorized customer id of 129 characters',
    { authorizedCustomers: [randomWideText(129)] },
    'body.authorizedCustomers[0] must be at most 128 characters',
  ],
  [
    '1001 authorizedCustomers',
    { authorizedCustomers: Array.from({ length: 1001 }, (_, i) => `c${i}`) },
    'body.authorizedCustomers must have at most 1000 items',
  ],
  [
    '501 available locales',
    { availableLocales: Array.from({ length: 501 }, (_, i) => `l${i}`) },
    'body.availableLocales must have at most 500 items',
  ],
  [
    'a street address of 1001 characters',
    { addressBook: { streetAddress: randomWideText(1001) } },
    'body.addressBook.streetAddress must be at most 1000 characters',
  ],
  [
    'a bannerEmail of 255 characters',
    { bannerEmail: `${'b'.repeat(243)}@example.com` },
    'body.bannerEmail must be at most 254 characters',
  ],
  [
    'a logo URL of 2049 characters',
    { logo: `https://cdn.example.com/${'l'.repeat(2025)}` },
    'body.logo must be at most 2048 characters',
  ],
  [
    'a fulfillments key of 129 characters',
    { fulfillments: { [randomWideText(129)]: 'x' } },
    'body.fulfillments has a key',
  ],
  [
    'a fulfillments value of 1001 characters',
    { fulfillments: { digital: 'd'.repeat(1001) } },
    'body.fulfillments.digital must be at most 1000 characters',
  ],
  [
    '501 subscriptions',
    { subscriptions: Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`s${i}`, 'm'])) },
    'body.subscriptions must have at most 500 entries',
  ],
  [
    'a payment type of 1001 characters',
    { paymentServiceConfiguration: { blackListedPaymentTypes: ['p'.repeat(1001)] } },
    'body.paymentServiceConfiguration.blackListedPaymentTypes[0] must be at most 1000 characters',
  ],
];

describe('customer validation', () => {
  it.each(REFUSED)(
    'POST answers 400 naming the field for %s, and stores nothing (no record, no realm)',
    async (_what, overrides, message) => {
      const body = customerBody(overrides);
      const realms = async () =>
        (await t.built.db.query<{ n: number }>('SELECT count(*)::int AS n FROM iam_realms')).rows[0]!.n;
      const realmsBefore = await realms();
      expectError(await t.request('POST', '/customers', operator, body), 400, message);
      const { rows } = await t.built.db.query('SELECT count(*)::int AS n FROM customers WHERE doc @> $1::jsonb', [
        JSON.stringify({ name: body.name }),
      ]);
      expect(rows[0]).toEqual({ n: 0 });
      expect(await realms()).toBe(realmsBefore);
    },
  );

  it.each(REFUSED.filter(([what]) => !what.includes('realm name')))(
    'PUT answers 400 naming the field for %s, and changes nothing',
    async (_what, overrides, message) => {
      const body = { ...customerBody(), name: existing.name, ...overrides };
      expectError(await t.request('PUT', `/customers/${existing.id}`, operator, body), 400, message);
      expect(((await t.request('GET', `/customers/${existing.id}`, operator)).body as Json).dbVersion).toBe(
        existing.dbVersion,
      );
    },
  );

  it.each(['name', 'vatNumber', 'features'])(
    'answers 400 when the required %s is missing, on create and on update',
    async (field) => {
      const body = customerBody();
      delete body[field];
      expectError(await t.request('POST', '/customers', operator, body), 400, `body.${field} is required`);
      expectError(
        await t.request('PUT', `/customers/${existing.id}`, operator, body),
        400,
        `body.${field} is required`,
      );
    },
  );

  it('accepts every limit at its bounds', async () => {
    const bounds = {
      name: 'n'.repeat(150),
      vatNumber: '',
      cancelPeriod: 0,
      defaultFraudPoints: -9999,
      retryPaymentValidityDuration: 90,
      quoteValidityDuration: 0,
      quoteSubscriptionValidityDuration: 90,
      multiplePaymentsValidityDuration: 90,
      addressBook: { country: 'GB', zipCode: 0 },
    };
    const res = await t.request('POST', '/customers', operator, customerBody(bounds));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject(bounds);
    expect(
      (await createCustomer(t, { defaultFraudPoints: 9999, addressBook: { country: 'JP' } })).body.defaultFraudPoints,
    ).toBe(9999);
  });

  it('stores the full record of the specification, nested objects included', async () => {
    // parentId names a customer record: the parent is a real one.
    const parent = await createCustomer(t);
    const full = {
      availableAdditionalPaymentTypes: ['SEPA'],
      blackListedPaymentTypes: ['CHECK'],
      availableLocales: ['fr_FR', 'en_GB'],
      bannerEmail: 'banner@example.com',
      blackListedCountries: ['KP'],
      createInvoice: true,
      defaultOnboardingProperties: {
        customerStatus: 'TRIAL',
        designs: {
          checkout: { themeRef: { customerId: 'c1', name: 'dark' }, fontRef: { name: 'serif' } },
          endUserPortal: { layoutRef: { name: 'wide' } },
          resellerCheckout: { i18nRef: { name: 'fr' } },
        },
        features: { seller: true },
        paymentServiceConfiguration: { paymentVendor: 'acme-pay', maxPaymentsParts: 3 },
        realmTemplate: 'default',
        role: 'PUBLISHER',
      },
      eCommercePartner: 'partner-a',
      ecommercePartner: 'partner-b',
      fulfillments: { digital: 'download' },
      legalEntityId: 'LE-1',
      localizedPaymentDescriptors: { fr: 'ACME FR' },
      localizedHelpdeskGuideUrls: { fr: 'https://help.example.com/fr' },
      logo: 'https://cdn.example.com/logo.png',
      onboardingGuideUrl: 'https://example.com/guide',
      onboardingTermsUrl: 'https://example.com/terms',
      onboardingManager: false,
      parentId: parent.id,
      paymentServiceConfiguration: {
        availableAdditionalPaymentTypes: ['SEPA'],
        blackListedPaymentTypes: ['CHECK'],
        forcedPaymentTypes: 'CARD,PAYPAL',
        maxPaymentsParts: 4,
        minPaymentAmountInPercent: 25,
        paymentVendor: 'acme-pay',
        promoteOneClickPayment: true,
        signedPartialAmountRequired: false,
      },
      paymentVendor: 'legacy-pay',
      promoteOneClickPayment: false,
      remittableId: 'R-1',
      remotePriceFiltering: { filteringFieldsForB2B: ['country'], filteringFieldsForB2C: ['currency'] },
      salesReportDashboardURL: 'https://reports.example.com',
      sendOrderConfirmationEmail: true,
      subscriptionUpgradeAuthorized: true,
      subscriptionUpgradeConfiguration: {
        midTermUpgrade: { enable: true, mandatoryRemotePrice: false, overrideExpirationDate: true },
      },
      subscriptions: { basic: 'model-basic' },
      urlToOverrideDirectPaymentPublicUrl: 'https://pay.example.com',
      helpdeskBrandId: 'brand-1',
      lastUpdateReason: 'onboarding',
      originalId: 'legacy-42',
      features: Object.fromEntries(
        [
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
        ].map((f) => [f, true]),
      ),
    };
    const created = await createCustomer(t, full);
    expect(created.body).toMatchObject(full);
    expect((await t.request('GET', `/customers/${created.id}`, operator)).body).toMatchObject(full);
  });
});
