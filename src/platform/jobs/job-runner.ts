import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, Histogram, type Metric } from 'prom-client';
import { type JobDefinition, uniquelyNamed } from './job.js';

/** The jobs a process runs. */
export interface RunningJobs {
  /** Their names, in the order declared. */
  readonly names: string[];
  /**
   * `job_enabled` (1 for each job this process runs, so a scrape shows which process runs what), `job_runs_total` and
   * `job_run_duration_seconds`: the runner's own, so an app reports its own jobs' runs even beside another in a process.
   */
  readonly metrics: Metric[];
  /** Stops every loop, aborts the runs in progress and resolves once they have ended. */
  stop(): Promise<void>;
}

interface Loop {
  stop(): Promise<void>;
}

function jobMetrics() {
  return {
    runs: new Counter({
      name: 'job_runs_total',
      help: 'Background job runs by job and outcome (success, failure)',
      labelNames: ['job', 'outcome'] as const,
      registers: [],
    }),
    duration: new Histogram({
      name: 'job_run_duration_seconds',
      help: 'Duration of a background job run',
      labelNames: ['job'] as const,
      buckets: [0.001, 0.005, 0.025, 0.1, 0.5, 1, 5, 30],
      registers: [],
    }),
    enabled: new Gauge({
      name: 'job_enabled',
      help: 'Jobs this process runs (1 each)',
      labelNames: ['job'] as const,
      registers: [],
    }),
  };
}
type JobMetrics = ReturnType<typeof jobMetrics>;

/**
 * Runs `job` every `everyMs` without keeping the process alive. A failure is logged once when it starts and once when
 * the job recovers, so an outage is visible without a line every tick.
 */
function startLoop(job: JobDefinition, log: FastifyBaseLogger, metrics: JobMetrics): Loop {
  const abort = new AbortController();
  let failing = false;
  let current: Promise<void> | undefined;
  const runOnce = async () => {
    const started = performance.now();
    try {
      await job.run(abort.signal);
      metrics.runs.inc({ job: job.name, outcome: 'success' });
      if (failing) log.info({ job: job.name }, 'background job recovered');
      failing = false;
    } catch (error) {
      metrics.runs.inc({ job: job.name, outcome: 'failure' });
      if (!failing) log.error({ err: error, job: job.name }, 'background job failed; retrying every tick');
      failing = true;
    } finally {
      metrics.duration.observe({ job: job.name }, (performance.now() - started) / 1000);
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
  const metrics = jobMetrics();
  for (const name of names) metrics.enabled.set({ job: name }, 1);
  const loops = jobs.map((job) => startLoop(job, log, metrics));
  if (names.length) log.info({ jobs: names }, `running ${names.length} background job(s)`);
  return {
    names,
    metrics: [metrics.enabled, metrics.runs, metrics.duration],
    async stop() {
      await Promise.all(loops.map((loop) => loop.stop()));
    },
  };
}
