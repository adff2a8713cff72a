import { Worker } from 'node:worker_threads';
import type { SandboxReply, TaskTable } from './sandbox-protocol.js';

/** The most memory a sandbox's worker may hold. */
const MEMORY_LIMIT_MB = 256;

/** Why a task gave no answer: it failed (its message), or it ran past the sandbox's time limit. */
export class SandboxError extends Error {
  override name = 'SandboxError';
}

interface Pending {
  id: number;
  task: string;
  input: unknown;
  resolve(output: unknown): void;
  reject(error: Error): void;
}

export interface SandboxOptions {
  /** The module exporting the task table, and the table's export name. */
  tasksUrl: URL;
  exportName: string;
  /** A task running longer than this is stopped (its worker is ended and replaced) and answers SandboxError. */
  timeoutMs: number;
}

/**
 * Runs user-supplied programs (notification definitions' JSONPaths, Liquid templates) on a worker thread of its own,
 * one task at a time: however long a program runs, the event loop that serves requests never waits for it. A task
 * past `timeoutMs` ends the worker (the only way to stop running JavaScript) and fails alone; the next task gets a
 * new worker. The worker starts on the first task and does not keep the process alive.
 */
export class ProgramSandbox<Tasks extends TaskTable> {
  private worker: Worker | undefined;
  private ready: Promise<Worker> | undefined;
  private readonly queue: Pending[] = [];
  private running: Pending | undefined;
  private timer: NodeJS.Timeout | undefined;
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: SandboxOptions) {}

  run<Name extends keyof Tasks & string>(
    task: Name,
    input: Parameters<Tasks[Name]>[0],
  ): Promise<Awaited<ReturnType<Tasks[Name]>>> {
    if (this.closed) return Promise.reject(new SandboxError('the program sandbox is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task, input, resolve: resolve as (output: unknown) => void, reject });
      void this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new SandboxError('the program sandbox is closed'));
    this.running?.reject(new SandboxError('the program sandbox is closed'));
    this.running = undefined;
    clearTimeout(this.timer);
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    await worker?.terminate();
  }

  private start(): Promise<Worker> {
    this.ready ??= new Promise<Worker>((resolve, reject) => {
      const { tasksUrl, exportName } = this.options;
      const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
        workerData: { tasksUrl: tasksUrl.href, exportName },
        // A program that allocates without end fails alone instead of taking the service's memory.
        resourceLimits: { maxOldGenerationSizeMb: MEMORY_LIMIT_MB },
      });
      worker.unref();
      worker.once('message', () => resolve(worker));
      worker.once('error', reject);
      worker.on('message', (reply: SandboxReply) => this.settle(reply));
      worker.on('error', (error) => this.fail(new SandboxError(`the program sandbox failed: ${error.message}`)));
      worker.on('exit', () => {
        if (this.worker === worker) this.fail(new SandboxError('the program sandbox stopped (out of memory?)'));
      });
      this.worker = worker;
    });
    return this.ready;
  }

  private async pump(): Promise<void> {
    if (this.running || this.queue.length === 0 || this.closed) return;
    const pending = this.queue.shift()!;
    this.running = pending;
    try {
      const worker = await this.start();
      this.timer = setTimeout(() => this.timeOut(pending), this.options.timeoutMs);
      this.timer.unref();
      worker.postMessage({ id: pending.id, task: pending.task, input: pending.input });
    } catch (error) {
      this.fail(new SandboxError(`the program sandbox could not start: ${(error as Error).message}`));
    }
  }

  private settle(reply: SandboxReply): void {
    const pending = this.running;
    if (!pending || reply.id !== pending.id) return;
    clearTimeout(this.timer);
    this.running = undefined;
    if (reply.error !== undefined) pending.reject(new SandboxError(reply.error));
    else pending.resolve(reply.output);
    void this.pump();
  }

  /** The running task fails; the worker is ended, and the next task starts a new one. */
  private fail(error: Error): void {
    clearTimeout(this.timer);
    const pending = this.running;
    this.running = undefined;
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    void worker?.terminate();
    pending?.reject(error);
    void this.pump();
  }

  private timeOut(pending: Pending): void {
    if (this.running === pending)
      this.fail(new SandboxError(`the program ran longer than ${this.options.timeoutMs} ms and was stopped`));
  }
}
