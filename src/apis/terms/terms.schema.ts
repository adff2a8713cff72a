import Type, { type Static } from 'typebox';
import { DateTime, Obj, StringEnum, StringMap, sharedFields } from '../../platform/registry/schema-types.js';

export const TERMS_MODELS = ['MOR', 'PAYFAC'] as const;
export const TERMS_STATUSES = ['RUNNING', 'ARCHIVED', 'DRAFT'] as const;

const deprecated = { deprecated: true };

/** Terms and conditions item. `id`, `createDate`, `updateDate` are deprecated in requests. */
export const TermsSchema = Obj(
  {
    ...sharedFields,
    id: Type.Optional(Type.String({ ...deprecated, readOnly: true })),
    createDate: Type.Optional(DateTime({ ...deprecated, readOnly: true })),
    updateDate: Type.Optional(DateTime({ ...deprecated, readOnly: true })),
    startingDate: Type.Optional(Type.String()),
    startDate: DateTime(),
    locale: Type.Optional(Type.String()),
    template: Type.String(),
    model: StringEnum(TERMS_MODELS),
    status: Type.Optional(StringEnum(TERMS_STATUSES)),
    lastUpdater: Type.Optional(Type.String()),
    modelVersion: Type.Optional(Type.String(deprecated)),
  },
  { $id: 'TermsItem', title: 'Terms and conditions item' },
);
export type Terms = Static<typeof TermsSchema>;

/** Company terms parameters item. */
export const CompanyTermsSchema = Obj(
  {
    ...sharedFields,
    modelVersion: Type.Optional(Type.String(deprecated)),
    startingDate: Type.Optional(Type.String()),
    startDate: DateTime(),
    cancelPeriod: Type.String(),
    corporateUrl: Type.String(),
    contactForm: Type.String(),
    providerSasCapital: Type.String(),
    cancelPeriodI18nConfiguration: Type.Optional(StringMap(StringMap(Type.String()))),
  },
  { $id: 'CompanyTermsItem', title: 'Company terms parameters item' },
);
export type CompanyTerms = Static<typeof CompanyTermsSchema>;
