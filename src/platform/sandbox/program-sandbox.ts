import { FairShare, type TenantKey } from '../jobs/fair-share.js';
import type { TaskTable } from './sandbox-protocol.js';
import { SandboxError, SandboxThread, type SandboxThreadOptions } from './sandbox-thread.js';

export { SandboxError };

export interface SandboxOptions extends SandboxThreadOptions {
  /** Worker threads: tasks running at once. */
  threads: number;
  /** Tasks of one tenant running at once (below `threads`: one tenant never holds every thread). */
  perTenant: number;
}

/**
 * Runs user-supplied programs (notification definitions' JSONPaths, Liquid templates) on worker threads of their own:
 * however long a program runs, the event loop that serves requests never waits for it. Tasks are queued per tenant
 * and served round robin (FairShare), each tenant running at most `perTenant` at once: a tenant whose programs are
 * slow waits behind its own tasks, and another tenant's next task waits for at most one thread to free.
 */
export class ProgramSandbox<Tasks extends TaskTable> {
  private readonly threads: SandboxThread[];
  private readonly share: FairShare;
  private closed = false;

  constructor(options: SandboxOptions) {
    this.threads = Array.from({ length: options.threads }, () => new SandboxThread(options));
    this.share = new FairShare({ concurrency: options.threads, perTenant: options.perTenant });
  }

  /** Runs `task` for `owner` (whose work it is) once its turn comes. */
  run<Name extends keyof Tasks & string>(
    owner: TenantKey,
    task: Name,
    input: Parameters<Tasks[Name]>[0],
  ): Promise<Awaited<ReturnType<Tasks[Name]>>> {
    if (this.closed) return Promise.reject(new SandboxError('the program sandbox is closed'));
    return this.share.run(owner, async (): Promise<Awaited<ReturnType<Tasks[Name]>>> => {
      if (this.closed) throw new SandboxError('the program sandbox is closed');
      // The share runs no more tasks than there are threads, so one is free.
      const thread = this.threads.find((candidate) => !candidate.busy)!;
      return (await thread.exec(task, input)) as Awaited<ReturnType<Tasks[Name]>>;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map((thread) => thread.close()));
  }
}
