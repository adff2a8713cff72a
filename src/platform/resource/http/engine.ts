import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TObject } from 'typebox';
import type { Clock } from '../../clock.js';
import type { DataEncryption } from '../../crypto/data-encryption.js';
import type { Database } from '../../db/database.js';
import type { AnyResourceDefinition } from '../declare/resource-definition.js';
import type { AnyViewDefinition } from '../declare/resource-view.js';
import { ResourceService } from '../service/resource-service.js';
import type { ServiceRegistry } from '../service/service-registry.js';
import { ViewService } from '../service/view-service.js';
import { registerActionRoutes } from './action-routes.js';
import { registerResourceRoutes } from './resource-routes.js';
import { registerViewRoutes } from './view-routes.js';

export interface EngineDeps {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  services: ServiceRegistry;
  encryption: DataEncryption;
}

/** A declared kind's service, in the registry: other APIs and the jobs reach its records through it, with or without HTTP. */
export function startResource(definition: AnyResourceDefinition, deps: EngineDeps): ResourceService<TObject> {
  const service = new ResourceService<TObject>(definition, deps);
  deps.services.add(service);
  return service;
}

/** Serves a started kind over HTTP: every route it declares. */
export function routeResource(app: FastifyInstance, service: ResourceService<TObject>, deps: EngineDeps): void {
  registerResourceRoutes(app, service);
  registerActionRoutes(app, service, deps);
}

/** A derived view's service over a kind started before it. */
export function startView(view: AnyViewDefinition, deps: EngineDeps): ViewService {
  const service = new ViewService(view, deps.services.of(view.source), deps);
  deps.services.addView(service);
  return service;
}

/** Serves a started view over HTTP. */
export function routeView(app: FastifyInstance, service: ViewService): void {
  registerViewRoutes(app, service);
}
