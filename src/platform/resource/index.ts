/**
 * The engine's serving face: start kinds' and views' services, serve their routes, check and create their storage.
 * In src only the app's wiring imports it (src/*.ts, src/apis/*.ts, the modules `src/apis/<api>/<api>.module.ts`);
 * an API's code imports `declare.ts`, `shapes.ts`, `documents.ts` or `repository-sql.ts`. It also re-exports those,
 * so that tests and scripts reach the whole engine from one place.
 */
export * from './declare.js';
export * from './documents.js';
export { routeResource, routeView, startResource, startView } from './http/engine.js';
export * from './repository-sql.js';
export type { ResourceService } from './service/resource-service.js';
export { ServiceRegistry } from './service/service-registry.js';
export type { ViewService } from './service/view-service.js';
export * from './shapes.js';
export { storageStatements } from './sql/storage-ddl.js';
export { checkStorage } from './sql/storage-objects.js';
export { recordChangesFoldJob } from './store/record-changes-fold.job.js';
