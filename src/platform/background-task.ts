import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { jobDuration, jobRuns } from './metrics/process-metrics.js';

export interface BackgroundTask {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/**
 * Runs `task` every `everyMs` without keeping the process alive. A failure is logged once when it starts and once
 * when the task recovers, so an outage is visible without a line every tick. Returns the stop function.
 */
export function startBackgroundTask(task: BackgroundTask, log: FastifyBaseLogger): () => void {
  let failing = false;
  const tick = async () => {
    const started = performance.now();
    try {
      await task.run();
      jobRuns.inc({ job: task.name, outcome: 'success' });
      if (failing) log.info({ task: task.name }, 'background task recovered');
      failing = false;
    } catch (error) {
      jobRuns.inc({ job: task.name, outcome: 'failure' });
      if (!failing) log.error({ err: error, task: task.name }, 'background task failed; retrying every tick');
      failing = true;
    } finally {
      jobDuration.observe({ job: task.name }, (performance.now() - started) / 1000);
    }
  };
  const timer = setInterval(() => void tick(), task.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
