import { afterAll, beforeAll } from 'vitest';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { registerAuthentication } from '../../../src/platform/auth/authenticate.js';
import { handleFrameworkError, registerErrorHandler } from '../../../src/platform/errors/error-handler.js';
import { DetailedErrorSchema, SimpleErrorSchema } from '../../../src/platform/errors/error-schemas.js';
import { schemaController } from '../../../src/platform/http/validator-compiler.js';
import type { ResourceDefinition } from '../../../src/platform/registry/resource-definition.js';
import { registerResourceRoutes } from '../../../src/platform/registry/resource-routes.js';
import { RecapItemSchema } from '../../../src/platform/registry/resource-schemas.js';
import { injectJson, startTestApp, type TestApp } from '../../support/test-app.js';

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
 * authentication, on the same database and token verifier).
 */
export class EngineApp {
  constructor(readonly app: FastifyInstance) {}

  request(method: InjectOptions['method'], url: string, token: string | undefined, body?: unknown, headers: Record<string, string> = {}) {
    return injectJson<any>(this.app, method, url, token, body, headers);
  }

  close(): Promise<void> {
    return this.app.close();
  }
}

async function startEngineApp(t: TestApp, definitions: ResourceDefinition[]): Promise<EngineApp> {
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
  return new EngineApp(app);
}

export interface EngineContext {
  /** The real app: its database, token service and tenants. */
  t: TestApp;
  /** The engine app serving `definitions`. */
  e: EngineApp;
  /** An operator token. */
  operator: string;
}

/** Starts a test app and an engine app for `definitions` before the file's tests, closes both after them. */
export function useEngineApp(definitions: ResourceDefinition[]): EngineContext {
  const context = {} as EngineContext;
  beforeAll(async () => {
    context.t = await startTestApp();
    context.e = await startEngineApp(context.t, definitions);
    context.operator = await context.t.operator();
  });
  afterAll(async () => {
    await context.e?.close();
    await context.t?.close();
  });
  return context;
}
