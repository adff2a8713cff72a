import type { ApiModule, StartedApi } from '../../../src/apis/api-module.js';
import type { AnyResourceDefinition } from '../../../src/platform/resource/declare/resource-definition.js';

/** Test-only kinds (and views), served by the real app through the same module mechanism as the product's APIs. */
export function testKindsModule(started: StartedApi | AnyResourceDefinition[]): ApiModule {
  return { name: 'test-kinds', start: () => (Array.isArray(started) ? { resources: started } : started) };
}
