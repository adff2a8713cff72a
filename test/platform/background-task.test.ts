import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBackgroundTask } from '../../src/platform/background-task.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function recordingLog() {
  const log = { error: vi.fn(), info: vi.fn() };
  return { log, logger: log as unknown as FastifyBaseLogger };
}

describe('startBackgroundTask', () => {
  it('logs an outage once when it starts and once when the task recovers, not every tick', async () => {
    const { log, logger } = recordingLog();
    let healthy = false;
    const run = vi.fn(async () => {
      if (!healthy) throw new Error('database unreachable');
    });
    const stop = startBackgroundTask({ name: 'poll', everyMs: 1000, run }, logger);
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(5);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![0]).toMatchObject({ task: 'poll' });
    healthy = true;
    await vi.advanceTimersByTimeAsync(3000);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledTimes(1);
    stop();
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(8);
  });
});
