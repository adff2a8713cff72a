import type { FastifyBaseLogger } from 'fastify';
import { Registry } from 'prom-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobDefinition } from '../../../src/platform/jobs/job.js';
import { startJobs } from '../../../src/platform/jobs/job-runner.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function recordingLog() {
  const log = { error: vi.fn(), info: vi.fn() };
  return { log, logger: log as unknown as FastifyBaseLogger };
}

const job = (name: string, run: JobDefinition['run'], everyMs = 1000): JobDefinition => ({
  name,
  does: 'test work',
  everyMs,
  run,
});

describe('startJobs', () => {
  it('logs an outage once when it starts and once when the job recovers, not every tick', async () => {
    const { log, logger } = recordingLog();
    let healthy = false;
    const run = vi.fn(async () => {
      if (!healthy) throw new Error('database unreachable');
    });
    const jobs = startJobs([job('poll', run)], logger);
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(5);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![0]).toMatchObject({ job: 'poll' });
    healthy = true;
    await vi.advanceTimersByTimeAsync(3000);
    expect(log.info).toHaveBeenCalledWith({ job: 'poll' }, 'background job recovered');
    expect(log.error).toHaveBeenCalledTimes(1);
    await jobs.stop();
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(8);
  });

  it('never starts a second run of a job while one is going: a slow run makes the next ticks no-ops', async () => {
    const { logger } = recordingLog();
    let finish: () => void = () => undefined;
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const jobs = startJobs([job('backlog', run)], logger);
    await vi.advanceTimersByTimeAsync(4500);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    finish();
    await jobs.stop();
  });

  it('on stop, aborts the run in hand and resolves once it has ended', async () => {
    const { logger } = recordingLog();
    let seen: AbortSignal | undefined;
    let ended = false;
    const run = async (signal: AbortSignal) => {
      seen = signal;
      // A backlog worked through batch by batch, until the signal says stop.
      while (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, 100));
      ended = true;
    };
    const jobs = startJobs([job('batches', run)], logger);
    await vi.advanceTimersByTimeAsync(1500);
    expect(seen?.aborted).toBe(false);
    const stopped = jobs.stop();
    await vi.advanceTimersByTimeAsync(200);
    await stopped;
    expect(seen?.aborted).toBe(true);
    expect(ended).toBe(true);
  });

  it('shows each job it runs in job_enabled, and refuses two jobs of one name', async () => {
    const { logger } = recordingLog();
    const jobs = startJobs([job('a', async () => undefined), job('b', async () => undefined, 60_000)], logger);
    const registry = new Registry();
    for (const metric of jobs.metrics) registry.registerMetric(metric);
    const text = await registry.metrics();
    expect(text).toContain('job_enabled{job="a"} 1');
    expect(text).toContain('job_enabled{job="b"} 1');
    expect(jobs.names).toEqual(['a', 'b']);
    await jobs.stop();
    expect(() => startJobs([job('a', async () => undefined), job('a', async () => undefined)], logger)).toThrow(
      'job "a" is declared twice',
    );
  });

  it("counts each runner's runs on its own metrics: two apps in one process never show each other's jobs", async () => {
    const { logger } = recordingLog();
    const first = startJobs([job('expiry', async () => undefined)], logger);
    const second = startJobs([job('poll', async () => undefined)], logger);
    await vi.advanceTimersByTimeAsync(3000);
    const scrape = async (jobs: typeof first) => {
      const registry = new Registry();
      for (const metric of jobs.metrics) registry.registerMetric(metric);
      return registry.metrics();
    };
    const [firstText, secondText] = [await scrape(first), await scrape(second)];
    expect(firstText).toContain('job_runs_total{job="expiry",outcome="success"} 3');
    expect(firstText).not.toContain('job="poll"');
    expect(secondText).toContain('job_runs_total{job="poll",outcome="success"} 3');
    expect(secondText).toContain('job_run_duration_seconds_count{job="poll"} 3');
    expect(secondText).not.toContain('job="expiry"');
    await Promise.all([first.stop(), second.stop()]);
  });
});
