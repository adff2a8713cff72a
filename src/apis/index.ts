import type { ResourceDefinition } from '../platform/registry/resource-definition.js';
import { companyTermsResource, termsResource } from './terms/terms.resource.js';

/** Every resource kind the generic engine serves. */
export const resources: ResourceDefinition[] = [termsResource, companyTermsResource];
