import type { Schemas } from '../../api/client';

export type TermsItem = Schemas['TermsItem'];
export type TermsDraft = Schemas['TermsItemDraft'];
export type CompanyTerms = Schemas['CompanyTermsItem'];
export type CompanyTermsDraft = Schemas['CompanyTermsItemDraft'];

export const TERMS_MODELS = ['MOR', 'PAYFAC'] as const satisfies TermsDraft['model'][];
export const TERMS_STATUSES = ['DRAFT', 'RUNNING', 'ARCHIVED'] as const satisfies NonNullable<TermsDraft['status']>[];

export function emptyTerms(): TermsDraft {
  return { startDate: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), template: '', model: 'MOR', status: 'DRAFT' };
}

export function termsDraftOf(item: TermsItem): TermsDraft {
  const { id: _id, createDate: _created, updateDate: _updated, ...draft } = item;
  return draft;
}

export function emptyCompanyTerms(): CompanyTermsDraft {
  return {
    startDate: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    cancelPeriod: '',
    corporateUrl: '',
    contactForm: '',
    providerSasCapital: '',
  };
}

export function companyTermsDraftOf(item: CompanyTerms): CompanyTermsDraft {
  const { id: _id, createDate: _created, updateDate: _updated, ...draft } = item;
  return draft;
}

/** Optional texts left empty are left out of the body rather than stored empty. */
export function withoutEmptyTexts<T extends object>(draft: T): T {
  return Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== '' && value !== undefined)) as T;
}
