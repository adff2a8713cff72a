/** Whose work a task is: a customer id, or null (and undefined) for the operator's and the platform's own work. */
export type TenantKey = string | null | undefined;

/**
 * The key the operator's work is queued under (customer ids are generated UUIDs, so none is this); it is not empty,
 * as '' starts a walk over the tenants' keys (fair-claim.ts).
 */
export const OPERATOR_TENANT = 'operator';

/** The key a tenant's work is queued under: the operator's is one tenant among the others. */
export function tenantOf(owner: TenantKey): string {
  return owner ?? OPERATOR_TENANT;
}

export interface FairShareOptions {
  /** Tasks running at once, all tenants together. */
  concurrency: number;
  /** Tasks of one tenant running at once: below `concurrency`, so one tenant never holds every slot. */
  perTenant: number;
}

interface Waiting {
  start(): void;
}

/**
 * Runs work queued per tenant, served round robin: each free slot goes to the next tenant in turn that has work
 * waiting and runs fewer than `perTenant` tasks, so a tenant's heavy or failing work queues behind its own, and any
 * other tenant's next task waits for at most one slot to free. Within a tenant, first come, first served.
 */
export class FairShare {
  private readonly queues = new Map<string, Waiting[]>();
  private readonly running = new Map<string, number>();
  /** Tenants with work waiting, in turn order; the next slot goes to the first that may run. */
  private turn: string[] = [];
  private active = 0;

  constructor(private readonly options: FairShareOptions) {
    if (options.concurrency < 1 || options.perTenant < 1) throw new Error('a fair share needs at least one slot');
  }

  /** Tasks waiting for a slot, all tenants together. */
  get waiting(): number {
    let count = 0;
    for (const queue of this.queues.values()) count += queue.length;
    return count;
  }

  run<T>(owner: TenantKey, work: () => Promise<T>): Promise<T> {
    const tenant = tenantOf(owner);
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.active += 1;
        this.running.set(tenant, (this.running.get(tenant) ?? 0) + 1);
        Promise.resolve()
          .then(work)
          .then(resolve, reject)
          .finally(() => this.finish(tenant));
      };
      const queue = this.queues.get(tenant);
      if (queue) queue.push({ start });
      else {
        this.queues.set(tenant, [{ start }]);
        this.turn.push(tenant);
      }
      this.pump();
    });
  }

  private finish(tenant: string): void {
    this.active -= 1;
    const left = (this.running.get(tenant) ?? 1) - 1;
    if (left === 0) this.running.delete(tenant);
    else this.running.set(tenant, left);
    this.pump();
  }

  private pump(): void {
    while (this.active < this.options.concurrency) {
      const at = this.turn.findIndex((tenant) => (this.running.get(tenant) ?? 0) < this.options.perTenant);
      if (at < 0) return;
      const tenant = this.turn[at]!;
      const queue = this.queues.get(tenant)!;
      const next = queue.shift()!;
      // The tenant served goes to the back of the turn, with what it still has waiting.
      this.turn.splice(at, 1);
      if (queue.length) this.turn.push(tenant);
      else this.queues.delete(tenant);
      next.start();
    }
  }
}
