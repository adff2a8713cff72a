import type { Metric } from 'prom-client';
import { uniquelyNamed, type JobDefinition } from '../platform/jobs/job.js';
import { startResource, startView } from '../platform/registry/engine.js';
import type { ResourceService } from '../platform/registry/resource-service.js';
import { ensureStorage } from '../platform/registry/resource-storage.js';
import type { ViewService } from '../platform/registry/view-routes.js';
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
      if (!shared.iam) throw new Error('an API reached the IAM before the IAM module started: list iamModule first (src/apis/index.ts)');
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
  await ensureStorage(platform.db, platform.config.databaseSchema, declared.flatMap(({ api }) => api.resources ?? []));
  const started = declared.map(({ name, api }) => ({
    name,
    declared: api,
    resources: (api.resources ?? []).map((definition) => startResource(definition, context)),
    views: (api.views ?? []).map((view) => startView(view, context)),
  }));
  platform.services.assertReferencesResolve();
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
