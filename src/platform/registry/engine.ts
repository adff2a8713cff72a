import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TObject } from 'typebox';
import type { Clock } from '../clock.js';
import type { DataEncryption } from '../crypto/data-encryption.js';
import type { Database } from '../db/database.js';
import { registerActionRoutes } from './action-routes.js';
import type { AnyResourceDefinition } from './resource-definition.js';
import { registerResourceRoutes } from './resource-routes.js';
import { ResourceService } from './resource-service.js';
import type { AnyViewDefinition } from './resource-view.js';
import type { ServiceRegistry } from './service-registry.js';
import { registerViewRoutes, ViewService } from './view-routes.js';

export interface EngineDeps {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  services: ServiceRegistry;
  encryption: DataEncryption;
}

/** Serves one declared kind: its service (also in the registry, for other APIs) and every route it declares. */
export function registerResource(
  app: FastifyInstance,
  definition: AnyResourceDefinition,
  deps: EngineDeps,
): ResourceService<TObject> {
  const service = new ResourceService<TObject>(definition, deps);
  deps.services.add(service);
  registerResourceRoutes(app, service);
  registerActionRoutes(app, service, deps);
  return service;
}

/** Serves a derived view over a kind registered before it. */
export function registerView(app: FastifyInstance, view: AnyViewDefinition, deps: EngineDeps): ViewService {
  const service = new ViewService(view, deps.services.of(view.source), deps);
  deps.services.addView(service);
  registerViewRoutes(app, service);
  return service;
}
