import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Metric } from 'prom-client';
import { jobDuration, jobRuns } from '../metrics/process-metrics.js';
import { type JobDefinition, uniquelyNamed } from './job.js';

/** The jobs a process runs. */
export interface RunningJobs {
  /** Their names, in the order declared. */
  readonly names: string[];
  /** `job_enabled`: 1 for each job this process runs, so a scrape shows which process runs what. */
  readonly metrics: Metric[];
  /** Stops every loop, aborts the runs in progress and resolves once they have ended. */
  stop(): Promise<void>;
}

interface Loop {
  stop(): Promise<void>;
}

/**
 * Runs `job` every `everyMs` without keeping the process alive. A failure is logged once when it starts and once when
 * the job recovers, so an outage is visible without a line every tick.
 */
function startLoop(job: JobDefinition, log: FastifyBaseLogger): Loop {
  const abort = new AbortController();
  let failing = false;
  let current: Promise<void> | undefined;
  const runOnce = async () => {
    const started = performance.now();
    try {
      await job.run(abort.signal);
      jobRuns.inc({ job: job.name, outcome: 'success' });
      if (failing) log.info({ job: job.name }, 'background job recovered');
      failing = false;
    } catch (error) {
      jobRuns.inc({ job: job.name, outcome: 'failure' });
      if (!failing) log.error({ err: error, job: job.name }, 'background job failed; retrying every tick');
      failing = true;
    } finally {
      jobDuration.observe({ job: job.name }, (performance.now() - started) / 1000);
    }
  };
  const tick = () => {
    // A slow run (a backlog) makes the next ticks no-ops instead of a second run of the same work beside it.
    if (current || abort.signal.aborted) return;
    current = runOnce().finally(() => {
      current = undefined;
    });
  };
  const timer = setInterval(tick, job.everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      abort.abort();
      await current;
    },
  };
}

/** Starts a loop per job; names must be unique, as they label the job metrics. */
export function startJobs(jobs: readonly JobDefinition[], log: FastifyBaseLogger): RunningJobs {
  const names = uniquelyNamed(jobs).map((job) => job.name);
  const enabled = new Gauge({
    name: 'job_enabled',
    help: 'Jobs this process runs (1 each)',
    labelNames: ['job'] as const,
    registers: [],
  });
  for (const name of names) enabled.set({ job: name }, 1);
  const loops = jobs.map((job) => startLoop(job, log));
  if (names.length) log.info({ jobs: names }, `running ${names.length} background job(s)`);
  return {
    names,
    metrics: [enabled],
    async stop() {
      await Promise.all(loops.map((loop) => loop.stop()));
    },
  };
}
