import type { Metric } from 'prom-client';
import { type JobDefinition, uniquelyNamed } from '../platform/jobs/job.js';
import {
  type AnyResourceDefinition,
  type AnyResourceKind,
  checkStorage,
  type ResourceService,
  startResource,
  startView,
  storageStatements,
  type ViewService,
} from '../platform/resource/index.js';
import type { ApiContext, ApiModule, PlatformContext, SharedApis, StartedApi } from './api-module.js';

/** One started API: what it declared, and the services of its kinds and views. */
export interface StartedModule {
  name: string;
  declared: StartedApi;
  resources: ResourceService[];
  views: ViewService[];
}

/** Every API of the process started, without HTTP: what the server routes, and what the server and the worker run. */
export interface StartedApis {
  context: ApiContext;
  modules: StartedModule[];
  /** Every job every module declares, in module order. */
  jobs: JobDefinition[];
  metrics: Metric[];
  /** Stops the modules, the last started first. Stop the jobs before. */
  stop(): Promise<void>;
}

/** The platform's context with what the APIs started so far share; reading a share before its API started is a wiring error. */
function contextOf(platform: PlatformContext, shared: Partial<SharedApis>): ApiContext {
  return {
    ...platform,
    get iam() {
      if (!shared.iam)
        throw new Error(
          'an API reached the IAM before the IAM module started: list iamModule first (src/apis/index.ts)',
        );
      return shared.iam;
    },
  };
}

/**
 * Starts each module in order (each may share something with those after it), makes sure the storage its kinds
 * declare exists, then starts the services of its kinds and views: the registry is complete before any route or job
 * reads it.
 */
export async function startApis(platform: PlatformContext, modules: readonly ApiModule[]): Promise<StartedApis> {
  const shared: Partial<SharedApis> = {};
  const context = contextOf(platform, shared);
  const declared: { name: string; api: StartedApi }[] = [];
  for (const module of modules) {
    const api = await module.start(context);
    Object.assign(shared, api.shares);
    declared.push({ name: module.name, api });
  }
  for (const { name, api } of declared)
    assertServesDeclared(modules.find((module) => module.name === name)!, api.resources ?? []);
  await checkStorage(
    platform.db,
    modules.flatMap((module) => module.kinds),
    (message) => platform.log.warn(message),
  );
  const started = declared.map(({ name, api }) => ({
    name,
    declared: api,
    resources: (api.resources ?? []).map((definition) => startResource(definition, context)),
    views: (api.views ?? []).map((view) => startView(view, context)),
  }));
  platform.services.assertReferencesResolve();
  // Records stored before their kind declared word search get their words (once; a batch per transaction).
  for (const service of started.flatMap((module) => module.resources)) await service.indexMissingWords();
  return {
    context,
    modules: started,
    jobs: [...uniquelyNamed(started.flatMap((module) => module.declared.jobs ?? []))],
    metrics: started.flatMap((module) => module.declared.metrics ?? []),
    async stop() {
      for (const module of [...started].reverse()) await module.declared.stop?.();
    },
  };
}

/**
 * The migrations are generated from the kinds a module declares (`kinds`): it must serve exactly those, with the
 * storage they declare (hooks and actions may be added at start).
 */
function assertServesDeclared(module: ApiModule, served: AnyResourceDefinition[]): void {
  const storageOf = (kind: AnyResourceKind) => storageStatements(kind).join('\n');
  const declared = new Map(module.kinds.map((kind) => [kind.name, storageOf(kind)]));
  const otherwise = served.filter((kind) => declared.get(kind.name) !== storageOf(kind)).map((kind) => kind.name);
  const unserved = [...declared.keys()].filter((name) => !served.some((kind) => kind.name === name));
  if (otherwise.length || unserved.length) {
    throw new Error(
      `API ${module.name} serves its kinds otherwise than it declares them in \`kinds\`, which the migrations are generated from: ${[...otherwise, ...unserved].join(', ')}`,
    );
  }
}
