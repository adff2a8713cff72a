import { defineResource } from '../../platform/resource/declare.js';
import { CompanyTermsSchema, TermsSchema } from './terms.schema.js';

/** The operator's terms are the platform's own, shown by every publisher's store: every tenant reads them. */
const PLATFORM_TERMS =
  "the operator's terms and conditions are the platform's own (merchant of record), which every publisher's store shows";

export const termsResource = defineResource({
  name: 'terms',
  displayName: 'terms item',
  path: '/terms',
  table: 'terms',
  schema: TermsSchema,
  scopeArea: 'terms',
  sharedOperatorRecords: PLATFORM_TERMS,
  tag: 'Terms and conditions',
  operations: {
    list: 'listTerms',
    create: 'createTerms',
    get: 'getTerms',
    update: 'updateTerms',
    recap: 'recapTerms',
    unwind: 'unwindTerms',
  },
  filters: {
    customerId: { kind: 'string' },
    status: { kind: 'string' },
    model: { kind: 'string' },
    locale: { kind: 'string' },
    lastUpdater: { kind: 'string' },
    originalId: { kind: 'string' },
  },
});

export const companyTermsResource = defineResource({
  name: 'company-terms',
  displayName: 'company terms parameters item',
  path: '/company-terms',
  table: 'company_terms',
  schema: CompanyTermsSchema,
  scopeArea: 'terms',
  sharedOperatorRecords:
    "the operator's company parameters (cancel period, corporate URL) are printed in the platform's terms",
  tag: 'Terms and conditions',
  operations: {
    list: 'listCompanyTerms',
    create: 'createCompanyTerms',
    get: 'getCompanyTerms',
    update: 'updateCompanyTerms',
    recap: 'recapCompanyTerms',
    unwind: 'unwindCompanyTerms',
  },
  filters: {
    customerId: { kind: 'string' },
    cancelPeriod: { kind: 'string' },
    corporateUrl: { kind: 'string' },
    originalId: { kind: 'string' },
  },
});
