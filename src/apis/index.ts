import type { ResourceDefinition, ResourceHooks } from '../platform/registry/resource-definition.js';
import { customerResource } from './customers/customer.resource.js';
import { companyTermsResource, termsResource } from './terms/terms.resource.js';

/** Every resource kind the generic engine serves. */
export const resources: ResourceDefinition[] = [termsResource, companyTermsResource, customerResource];

/** Kinds whose hooks need the running app's services (IAM, keys) get them at registration: resource name -> hooks. */
export function withAppHooks(definition: ResourceDefinition, hooks: Record<string, ResourceHooks>): ResourceDefinition {
  const bound = Object.hasOwn(hooks, definition.name) ? hooks[definition.name] : undefined;
  return bound ? { ...definition, hooks: { ...definition.hooks, ...bound } } : definition;
}
