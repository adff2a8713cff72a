import type { ApiModule } from '../api-module.js';
import { companyTermsResource, termsResource } from './terms.resource.js';

/** The terms and conditions API: two kinds, nothing but declarations. */
export const termsModule: ApiModule = {
  name: 'terms',
  kinds: [termsResource, companyTermsResource],
  start: () => ({ resources: [termsResource, companyTermsResource] }),
};
