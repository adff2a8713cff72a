import type { ApiModule, StartedApi } from '../../../src/apis/api-module.js';
import type { AnyResourceDefinition } from '../../../src/platform/resource/declare/resource-definition.js';
import { storageStatements } from '../../../src/platform/resource/sql/storage-ddl.js';

/**
 * Test-only kinds (and views), served by the real app through the same module mechanism as the product's APIs. No
 * migration creates their tables: the module runs the statements `npm run migrations:generate` would write for them.
 */
export function testKindsModule(started: StartedApi | AnyResourceDefinition[]): ApiModule {
  const api = Array.isArray(started) ? { resources: started } : started;
  const kinds = api.resources ?? [];
  return {
    name: 'test-kinds',
    kinds,
    async start({ db }) {
      for (const statement of kinds.flatMap(storageStatements)) await db.query(statement);
      return api;
    },
  };
}
