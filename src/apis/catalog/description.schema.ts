import Type, { type Static } from 'typebox';
import { Id, List, Obj, StringMap, sharedFields, Text } from '../../platform/resource/declare.js';

const Localized = (description: string) => StringMap(Text({ maxLength: 20_000 }), { maxProperties: 200, description });
const Flat = (description: string) =>
  Type.Optional(
    Text({
      maxLength: 20_000,
      readOnly: true,
      description: `response only: ${description}, in fallbackLocale (else the first locale)`,
    }),
  );

const VariableValueDescriptionSchema = Obj(
  {
    descValue: Type.Optional(Text()),
    description: Type.Optional(Text()),
    localizedValue: Type.Optional(StringMap(Text())),
  },
  { title: 'Variable value description' },
);

const VariableDescriptionSchema = Obj(
  {
    description: Type.Optional(Text()),
    label: Type.Optional(Text()),
    labels: Type.Optional(StringMap(Text())),
    variableValueDescriptions: Type.Optional(List(VariableValueDescriptionSchema, { maxItems: 200 })),
  },
  { $id: 'VariableDescription', title: 'Variable description' },
);

export const DescriptionSchema = Obj(
  {
    ...sharedFields,
    catalogId: Type.Optional(Id()),
    description: Text({ maxLength: 4000, description: 'a comment on this description' }),
    fallbackLocale: Type.Optional(Text({ maxLength: 35, description: 'locale used when the asked one has no text' })),
    localizedMarketingName: Localized('marketing name by locale'),
    localizedBulletPoints: Type.Optional(Localized('bullet points by locale')),
    localizedLongDesc: Type.Optional(Localized('long description by locale')),
    localizedShortDesc: Type.Optional(Localized('short description by locale')),
    localizedManualRenewalEmailDesc: Type.Optional(Localized('text of the manual-renewal e-mail by locale')),
    localizedPurchaseEmailDesc: Type.Optional(Localized('text of the purchase e-mail by locale')),
    localizedSubscriptionEmailDesc: Type.Optional(Localized('text of the subscription e-mail by locale')),
    localizedThankYouDesc: Type.Optional(Localized('thank-you text by locale')),
    variableDescriptions: Type.Optional(List(VariableDescriptionSchema, { maxItems: 100 })),
    marketingName: Flat('the marketing name'),
    longDesc: Flat('the long description'),
    shortDesc: Flat('the short description'),
    manualRenewalEmailDesc: Flat('the manual-renewal e-mail text'),
    purchaseEmailDesc: Flat('the purchase e-mail text'),
    subscriptionEmailDesc: Flat('the subscription e-mail text'),
    thankYouDesc: Flat('the thank-you text'),
  },
  {
    $id: 'Description',
    title: 'Product description',
    examples: [
      {
        description: 'Photo Studio Pro, 2026 texts',
        fallbackLocale: 'en',
        localizedMarketingName: { en: 'Photo Studio Pro', fr: 'Studio Photo Pro' },
        localizedShortDesc: {
          en: 'Edit photos like a professional',
          fr: 'Retouchez vos photos comme un professionnel',
        },
      },
    ],
  },
);
export type Description = Static<typeof DescriptionSchema>;

/** Each flat text of the answer and the localized map it is read from. */
export const FLAT_TEXTS = {
  marketingName: 'localizedMarketingName',
  longDesc: 'localizedLongDesc',
  shortDesc: 'localizedShortDesc',
  manualRenewalEmailDesc: 'localizedManualRenewalEmailDesc',
  purchaseEmailDesc: 'localizedPurchaseEmailDesc',
  subscriptionEmailDesc: 'localizedSubscriptionEmailDesc',
  thankYouDesc: 'localizedThankYouDesc',
} as const;
