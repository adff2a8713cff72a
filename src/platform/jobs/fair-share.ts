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
 * Runs work queued per tenant, served round robin: each free slot goes to the tenant served least recently among
 * those that have work waiting and run fewer than `perTenant` tasks, so a tenant's heavy or failing work queues
 * behind its own, and any other tenant's next task waits for at most one slot to free. Within a tenant, first come,
 * first served.
 */
export class FairShare {
  /** Work waiting, by tenant, in the order the tenants first queued. */
  private readonly queues = new Map<string, Waiting[]>();
  private readonly running = new Map<string, number>();
  /** When each tenant with work waiting or running was last given a slot (a count of slots given). */
  private readonly served = new Map<string, number>();
  private slotsGiven = 0;
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
      else this.queues.set(tenant, [{ start }]);
      this.pump();
    });
  }

  private finish(tenant: string): void {
    this.active -= 1;
    const left = (this.running.get(tenant) ?? 1) - 1;
    if (left > 0) this.running.set(tenant, left);
    else {
      this.running.delete(tenant);
      // An idle tenant is forgotten: it comes back as a newcomer, behind no one it has not been served before.
      if (!this.queues.has(tenant)) this.served.delete(tenant);
    }
    this.pump();
  }

  /** The tenant served least recently that has work waiting and room to run it. */
  private next(): string | undefined {
    let chosen: string | undefined;
    let chosenAt = Number.POSITIVE_INFINITY;
    for (const tenant of this.queues.keys()) {
      if ((this.running.get(tenant) ?? 0) >= this.options.perTenant) continue;
      const at = this.served.get(tenant) ?? -1;
      if (at < chosenAt) {
        chosen = tenant;
        chosenAt = at;
      }
    }
    return chosen;
  }

  private pump(): void {
    while (this.active < this.options.concurrency) {
      const tenant = this.next();
      if (tenant === undefined) return;
      const queue = this.queues.get(tenant)!;
      const next = queue.shift()!;
      if (queue.length === 0) this.queues.delete(tenant);
      this.slotsGiven += 1;
      this.served.set(tenant, this.slotsGiven);
      next.start();
    }
  }
}
