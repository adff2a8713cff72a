import type { FastifyBaseLogger } from 'fastify';

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
    try {
      await task.run();
      if (failing) log.info({ task: task.name }, 'background task recovered');
      failing = false;
    } catch (error) {
      if (!failing) log.error({ err: error, task: task.name }, 'background task failed; retrying every tick');
      failing = true;
    }
  };
  const timer = setInterval(() => void tick(), task.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
