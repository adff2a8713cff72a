import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { expect } from 'vitest';
import { serviceModules } from '../../src/apis/index.js';
import { startServices } from '../../src/process-services.js';
import type { TestApp } from './test-app.js';

export interface DeclaredJob {
  module: string;
  name: string;
  does: string;
  slot: string;
}

/**
 * What every module of the service declares, read by starting them the way a process does, on `t`'s database: the
 * checks built on it follow the modules, not a list kept in a test.
 */
export async function declaredJobs(t: TestApp): Promise<DeclaredJob[]> {
  const { db, apis } = await startServices(t.config, { clock: t.built.clock, log: t.app.log });
  try {
    expect(apis.modules.map((module) => module.name)).toEqual(serviceModules.map((module) => module.name));
    return apis.modules.flatMap((module) =>
      (module.declared.jobs ?? []).map((job) => ({
        module: module.name,
        name: job.name,
        does: job.does,
        slot: job.slot ?? 'jobs',
      })),
    );
  } finally {
    await apis.stop();
    await db.close();
  }
}

/** The jobs a `/metrics` text says its process runs (`job_enabled`), sorted. */
export function enabledJobsIn(metricsText: string): string[] {
  const families = parsePrometheusTextFormat(metricsText) as {
    name: string;
    metrics: { labels?: Record<string, string>; value?: string }[];
  }[];
  const family = families.find((f) => f.name === 'job_enabled');
  return (family?.metrics ?? [])
    .filter((metric) => metric.value === '1')
    .map((metric) => metric.labels!.job!)
    .sort();
}
