import Type, { type Static } from 'typebox';
import {
  DateTime,
  Id,
  LongText,
  Obj,
  StringEnum,
  StringMap,
  sharedFields,
  Text,
  UrlText,
} from '../../platform/resource/declare.js';

export const TERMS_MODELS = ['MOR', 'PAYFAC'] as const;
export const TERMS_STATUSES = ['RUNNING', 'ARCHIVED', 'DRAFT'] as const;

const deprecated = { deprecated: true };

/** Terms and conditions item. `id`, `createDate`, `updateDate` are deprecated in requests. */
export const TermsSchema = Obj(
  {
    ...sharedFields,
    id: Type.Optional(Id({ ...deprecated, readOnly: true })),
    createDate: Type.Optional(DateTime({ ...deprecated, readOnly: true })),
    updateDate: Type.Optional(DateTime({ ...deprecated, readOnly: true })),
    startingDate: Type.Optional(Text()),
    startDate: DateTime(),
    locale: Type.Optional(Text({ maxLength: 64 })),
    template: LongText(),
    model: StringEnum(TERMS_MODELS),
    status: Type.Optional(StringEnum(TERMS_STATUSES)),
    lastUpdater: Type.Optional(Text()),
    modelVersion: Type.Optional(Text(deprecated)),
  },
  {
    $id: 'TermsItem',
    title: 'Terms and conditions item',
    examples: [
      {
        startDate: '2026-01-01T00:00:00Z',
        template: '<h1>Terms of sale</h1><p>{{ company.name }}</p>',
        model: 'MOR',
        status: 'DRAFT',
        locale: 'en_GB',
      },
    ],
  },
);
export type Terms = Static<typeof TermsSchema>;

/** Company terms parameters item. */
export const CompanyTermsSchema = Obj(
  {
    ...sharedFields,
    modelVersion: Type.Optional(Text(deprecated)),
    startingDate: Type.Optional(Text()),
    startDate: DateTime(),
    cancelPeriod: Text(),
    corporateUrl: UrlText(),
    contactForm: UrlText(),
    providerSasCapital: Text(),
    cancelPeriodI18nConfiguration: Type.Optional(StringMap(StringMap(Text()))),
  },
  {
    $id: 'CompanyTermsItem',
    title: 'Company terms parameters item',
    examples: [
      {
        startDate: '2026-01-01T00:00:00Z',
        cancelPeriod: '14 days',
        corporateUrl: 'https://www.example.com',
        contactForm: 'https://www.example.com/contact',
        providerSasCapital: '100000 EUR',
        cancelPeriodI18nConfiguration: { fr: { label: '14 jours' } },
      },
    ],
  },
);
export type CompanyTerms = Static<typeof CompanyTermsSchema>;
