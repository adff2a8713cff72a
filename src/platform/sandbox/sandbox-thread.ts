import { Worker } from 'node:worker_threads';
import type { SandboxReply } from './sandbox-protocol.js';

/** The most memory a sandbox's worker may hold. */
const MEMORY_LIMIT_MB = 256;

/** Why a task gave no answer: it failed (its message), or it ran past the sandbox's time limit. */
export class SandboxError extends Error {
  override name = 'SandboxError';
}

export interface SandboxThreadOptions {
  /** The module exporting the task table, and the table's export name. */
  tasksUrl: URL;
  exportName: string;
  /** A task running longer than this is stopped (its worker is ended and replaced) and answers SandboxError. */
  timeoutMs: number;
}

interface Running {
  id: number;
  resolve(output: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * One worker thread running one task at a time. A task past `timeoutMs` ends the worker (the only way to stop running
 * JavaScript) and fails alone; the next task gets a new worker. The worker starts on the first task and does not keep
 * the process alive.
 */
export class SandboxThread {
  private worker: Worker | undefined;
  private ready: Promise<Worker> | undefined;
  private running: Running | undefined;
  private nextId = 1;
  /** Taken from the call of `exec` to its answer, the worker's start included. */
  private taken = false;

  constructor(private readonly options: SandboxThreadOptions) {}

  get busy(): boolean {
    return this.taken;
  }

  async exec(task: string, input: unknown): Promise<unknown> {
    if (this.taken) throw new Error('a sandbox thread runs one task at a time');
    this.taken = true;
    try {
      return await this.execute(task, input);
    } finally {
      this.taken = false;
    }
  }

  async close(): Promise<void> {
    this.fail(new SandboxError('the program sandbox is closed'));
  }

  private async execute(task: string, input: unknown): Promise<unknown> {
    const worker = await this.start().catch((error: Error) => {
      throw new SandboxError(`the program sandbox could not start: ${error.message}`);
    });
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        if (this.running?.id === id)
          this.fail(new SandboxError(`the program ran longer than ${this.options.timeoutMs} ms and was stopped`));
      }, this.options.timeoutMs);
      timer.unref();
      this.running = { id, resolve, reject, timer };
      worker.postMessage({ id, task, input });
    });
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

  private settle(reply: SandboxReply): void {
    const running = this.running;
    if (!running || reply.id !== running.id) return;
    clearTimeout(running.timer);
    this.running = undefined;
    if (reply.error !== undefined) running.reject(new SandboxError(reply.error));
    else running.resolve(reply.output);
  }

  /** The running task fails and the worker is ended; the next task starts a new one. */
  private fail(error: Error): void {
    const running = this.running;
    this.running = undefined;
    if (running) clearTimeout(running.timer);
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    void worker?.terminate();
    running?.reject(error);
  }
}
