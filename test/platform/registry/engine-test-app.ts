import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { registerAuthentication } from '../../../src/platform/auth/authenticate.js';
import { handleFrameworkError, registerErrorHandler } from '../../../src/platform/errors/error-handler.js';
import { DetailedErrorSchema, SimpleErrorSchema } from '../../../src/platform/errors/error-schemas.js';
import { schemaController } from '../../../src/platform/http/validator-compiler.js';
import type { ResourceDefinition } from '../../../src/platform/registry/resource-definition.js';
import { registerResourceRoutes } from '../../../src/platform/registry/resource-routes.js';
import { RecapItemSchema } from '../../../src/platform/registry/resource-schemas.js';
import type { TestApp } from '../../support/test-app.js';

/** A resource table in the shape every migration gives them (migrations/0002_terms.sql). */
export function resourceTableDdl(table: string): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (
    id text PRIMARY KEY, customer_id text, db_version integer NOT NULL DEFAULT 0,
    create_date timestamptz NOT NULL, update_date timestamptz NOT NULL, doc jsonb NOT NULL);
  CREATE INDEX IF NOT EXISTS ${table}_doc_idx ON ${table} USING gin (doc jsonb_path_ops)`;
}

/**
 * Test-only resource kinds served by the real engine. The live app is sealed after `ready()`, so they get a second
 * Fastify instance wired as `buildApp` wires the real one (same options, schema controller, error handler,
 * authentication, on the same database and token verifier), plus `handleFrameworkError` (see the report: app.ts
 * should pass it as `frameworkErrors`).
 */
export class EngineApp {
  constructor(
    readonly app: FastifyInstance,
    readonly t: TestApp,
  ) {}

  async request(method: InjectOptions['method'], url: string, token: string | undefined, body?: unknown, headers: Record<string, string> = {}) {
    const response = await this.app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : undefined, headers: response.headers };
  }

  close(): Promise<void> {
    return this.app.close();
  }
}

export async function startEngineApp(t: TestApp, definitions: ResourceDefinition[]): Promise<EngineApp> {
  const app = Fastify({ logger: false, bodyLimit: t.config.bodyLimit, schemaController, frameworkErrors: handleFrameworkError });
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);
  for (const schema of [SimpleErrorSchema, DetailedErrorSchema, RecapItemSchema]) app.addSchema(schema);
  registerAuthentication(app, t.built.iam.verifier);
  for (const definition of definitions) {
    for (const statement of resourceTableDdl(definition.table).split(';')) await t.built.db.query(statement);
    registerResourceRoutes(app, definition, t.built.db);
  }
  await app.ready();
  return new EngineApp(app, t);
}
